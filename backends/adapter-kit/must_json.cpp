// MUST's MUST_Output.json (mustrun --must:output json): {"messages": [{type,
// error_id, text, from: {call, ranks}, references: [{call, rank}]}]}. This
// format has no source lines (MUST 1.9.2), so findings are not located.
#include "adapter.hpp"

namespace assay::adapter {

namespace {

using nlohmann::json;

// Only the MUST error ids whose meaning is one of our classes.
std::string class_of(const std::string& id) {
  if (id == "MUST_ERROR_COLLECTIVE_CALL_MISMATCH") return "coll.order.mismatch";
  if (id == "MUST_ERROR_COLLECTIVE_ROOT_MISMATCH") return "coll.arg.root-mismatch";
  if (id == "MUST_ERROR_COLLECTIVE_OP_MISMATCH") return "coll.arg.op-mismatch";
  if (id == "MUST_ERROR_TYPEMATCH_MISMATCH") return "nb.match.type-mismatch";
  if (id == "MUST_ERROR_DEADLOCK") return "nb.match.deadlock";  // a cycle of blocking calls
  if (id == "MUST_ERROR_LEAK_REQUEST") return "nb.request.missing-completion";
  if (id == "MUST_ERROR_LEAK_COMM") return "res.leak.communicator";
  if (id == "MUST_ERROR_LEAK_DATATYPE") return "res.leak.datatype";
  if (id == "MUST_ERROR_LEAK_GROUP") return "res.leak.group";
  if (id == "MUST_ERROR_LEAK_OP") return "res.leak.op";
  if (id == "MUST_ERROR_OVERLAPPED_RECV" || id == "MUST_ERROR_OVERLAPPED_SEND") return "nb.buffer.overlap";
  return unclassified;
}

int first_rank(const json& from) {
  if (!from.is_object() || !from.contains("ranks") || !from["ranks"].is_array() || from["ranks"].empty()) return -1;
  const json& r = from["ranks"][0];
  return r.is_number_integer() ? r.get<int>() : -1;
}

}  // namespace

std::vector<Finding> parse_must_json(const std::string& text, const std::string& what) {
  const json doc = parse_json_with_array(text, what, "messages", "MUST's output");
  std::vector<Finding> out;
  for (const auto& msg : doc["messages"]) {
    if (!msg.is_object() || !msg.contains("error_id") || !msg["error_id"].is_string())
      throw ParseError(what + ": a message without error_id");
    std::string type = msg.value("type", "Error");
    if (type == "Information") continue;
    Finding f;
    std::string id = msg["error_id"].get<std::string>();
    f.error_class = class_of(id);
    f.severity = type == "Warning" ? "warning" : "error";
    const json from = msg.value("from", json::object());
    f.rank = first_rank(from);
    std::string text_of = msg.value("text", "");
    f.message = id + ": " + text_of.substr(0, text_of.find_first_of(".!\n") + 1);
    std::string call = from.is_object() ? from.value("call", "") : "";
    if (!call.empty()) f.sites.push_back({call, "call", f.rank, "", 0, ""});
    for (const auto& ref : msg.value("references", json::array())) {
      if (!ref.is_object()) continue;
      int r = ref.contains("rank") && ref["rank"].is_number_integer() ? ref["rank"].get<int>() : -1;
      f.sites.push_back({ref.value("call", "call"), "call", r, "", 0, ""});
    }
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace assay::adapter
