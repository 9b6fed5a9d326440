// A small JSON Schema validator for the subset our schemas use (type,
// properties, required, additionalProperties, items, enum, const, minimum,
// exclusiveMinimum, minItems, minLength, minProperties, maxProperties, pattern,
// local $ref). The schema file is the single statement of a format; this makes
// it enforced, not decorative. A keyword outside the subset is an error in the
// schema itself, so a schema can never ask for a check that silently does not run.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace assay {

class JsonSchema {
 public:
  // Throws std::runtime_error naming `origin` when the schema uses an
  // unsupported keyword or a $ref that does not resolve.
  JsonSchema(nlohmann::json schema, std::string origin);
  static JsonSchema load(const std::string& path);

  // Every violation as "<key path>: <what is wrong>", e.g.
  // "launch.rank_env.LD_PRELOAD: must be a string"; empty when valid.
  std::vector<std::string> validate(const nlohmann::json& value) const;

 private:
  nlohmann::json schema_;
  std::string origin_;
  void check_schema(const nlohmann::json& s, const std::string& where) const;
  const nlohmann::json& resolve(const nlohmann::json& s) const;
  void validate(const nlohmann::json& s, const nlohmann::json& v, const std::string& path,
                std::vector<std::string>& errors) const;
};

}  // namespace assay
