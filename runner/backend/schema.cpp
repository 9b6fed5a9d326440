#include "backend/schema.hpp"

#include <fstream>
#include <regex>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

using nlohmann::json;

namespace assay {

namespace {

const std::set<std::string>& supported_keywords() {
  static const std::set<std::string> k = {
      "$schema", "$id", "$defs", "$ref", "title", "description", "type", "properties", "required",
      "additionalProperties", "items", "enum", "const", "minimum", "exclusiveMinimum", "minItems",
      "minLength", "minProperties", "maxProperties", "pattern"};
  return k;
}

bool has_type(const json& v, const std::string& type) {
  if (type == "object") return v.is_object();
  if (type == "array") return v.is_array();
  if (type == "string") return v.is_string();
  if (type == "integer") return v.is_number_integer();
  if (type == "number") return v.is_number();
  if (type == "boolean") return v.is_boolean();
  if (type == "null") return v.is_null();
  return false;
}

std::string article(const std::string& type) {
  return (type == "object" || type == "array" || type == "integer") ? "an " + type : "a " + type;
}

std::string join_keys(const json& properties) {
  std::string out;
  for (const auto& [k, unused] : properties.items()) out += (out.empty() ? "" : ", ") + k;
  return out;
}

std::string child(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

}  // namespace

JsonSchema::JsonSchema(json schema, std::string origin) : schema_(std::move(schema)), origin_(std::move(origin)) {
  check_schema(schema_, "");
}

JsonSchema JsonSchema::load(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open");
  try {
    return JsonSchema(json::parse(in), path);
  } catch (const json::parse_error& e) {
    throw std::runtime_error(path + ": not valid JSON: " + e.what());
  }
}

void JsonSchema::check_schema(const json& s, const std::string& where) const {
  if (!s.is_object()) throw std::runtime_error(fmt::format("{}: schema at '{}' must be an object", origin_, where));
  for (const auto& [k, v] : s.items()) {
    if (!supported_keywords().count(k))
      throw std::runtime_error(fmt::format("{}: schema keyword '{}' at '{}' is not supported", origin_, k, where));
    if (k == "properties" || k == "$defs")
      for (const auto& [name, sub] : v.items()) check_schema(sub, child(where, name));
    if ((k == "items" || k == "additionalProperties") && v.is_object()) check_schema(v, child(where, k));
  }
  if (s.contains("$ref")) resolve(s);
}

const json& JsonSchema::resolve(const json& s) const {
  if (!s.contains("$ref")) return s;
  const std::string ref = s["$ref"].get<std::string>();
  const std::string prefix = "#/$defs/";
  if (ref.rfind(prefix, 0) != 0 || !schema_.contains("$defs") || !schema_["$defs"].contains(ref.substr(prefix.size())))
    throw std::runtime_error(fmt::format("{}: $ref '{}' does not resolve", origin_, ref));
  return schema_["$defs"][ref.substr(prefix.size())];
}

std::vector<std::string> JsonSchema::validate(const json& value) const {
  std::vector<std::string> errors;
  validate(schema_, value, "", errors);
  return errors;
}

void JsonSchema::validate(const json& schema, const json& v, const std::string& path,
                          std::vector<std::string>& errors) const {
  const json& s = resolve(schema);
  const std::string at = path.empty() ? "(top level)" : path;
  auto fail = [&](const std::string& what) { errors.push_back(at + ": " + what); };
  if (s.contains("type") && !has_type(v, s["type"].get<std::string>())) {
    fail("must be " + article(s["type"].get<std::string>()));
    return;  // the other keywords would only repeat the problem
  }
  if (s.contains("const") && v != s["const"]) fail("must be " + s["const"].dump());
  if (s.contains("enum")) {
    bool found = false;
    std::string allowed;
    for (const auto& e : s["enum"]) {
      found = found || v == e;
      allowed += (allowed.empty() ? "" : ", ") + e.dump();
    }
    if (!found) fail(v.dump() + " is not one of " + allowed);
  }
  if (v.is_number()) {
    if (s.contains("minimum") && v.get<double>() < s["minimum"].get<double>())
      fail("must be at least " + s["minimum"].dump());
    if (s.contains("exclusiveMinimum") && v.get<double>() <= s["exclusiveMinimum"].get<double>())
      fail("must be greater than " + s["exclusiveMinimum"].dump());
  }
  if (v.is_string()) {
    const auto& text = v.get_ref<const std::string&>();
    if (s.contains("minLength") && text.size() < s["minLength"].get<std::size_t>()) fail("must not be empty");
    if (s.contains("pattern") && !std::regex_search(text, std::regex(s["pattern"].get<std::string>())))
      fail("'" + text + "' does not match " + s["pattern"].get<std::string>());
  }
  if (v.is_array()) {
    if (s.contains("minItems") && v.size() < s["minItems"].get<std::size_t>())
      fail(fmt::format("needs at least {} item(s)", s["minItems"].get<std::size_t>()));
    if (s.contains("items"))
      for (std::size_t i = 0; i < v.size(); ++i) validate(s["items"], v[i], fmt::format("{}[{}]", path, i), errors);
  }
  if (v.is_object()) {
    if (s.contains("required"))
      for (const auto& r : s["required"])
        if (!v.contains(r.get<std::string>())) fail("missing required key '" + r.get<std::string>() + "'");
    if (s.contains("minProperties") && v.size() < s["minProperties"].get<std::size_t>())
      fail("needs one of: " + join_keys(s.value("properties", json::object())));
    if (s.contains("maxProperties") && v.size() > s["maxProperties"].get<std::size_t>())
      fail(fmt::format("takes at most {} of: {}", s["maxProperties"].get<std::size_t>(),
                       join_keys(s.value("properties", json::object()))));
    const json properties = s.value("properties", json::object());
    for (const auto& [k, sub] : v.items()) {
      if (properties.contains(k)) {
        validate(properties[k], sub, child(path, k), errors);
      } else if (s.contains("additionalProperties")) {
        const json& extra = s["additionalProperties"];
        if (extra.is_boolean() && !extra.get<bool>())
          errors.push_back(child(path, k) + ": unknown key (allowed here: " + join_keys(properties) + ")");
        else if (extra.is_object())
          validate(extra, sub, child(path, k), errors);
      }
    }
  }
}

}  // namespace assay
