// A minimal, strict XML reader: elements, attributes (skipped), character data,
// the five named entities and numeric references, comments, processing
// instructions, a DOCTYPE and CDATA. Enough for Apple plists and Valgrind's XML
// protocol; anything else, or a document that ends early, is a ParseError.
#include <cstdlib>

#include "adapter.hpp"

namespace assay::adapter {

const XmlNode* XmlNode::child(const std::string& n) const {
  for (const auto& c : children)
    if (c.name == n) return &c;
  return nullptr;
}

std::vector<const XmlNode*> XmlNode::all(const std::string& n) const {
  std::vector<const XmlNode*> out;
  for (const auto& c : children)
    if (c.name == n) out.push_back(&c);
  return out;
}

std::string XmlNode::child_text(const std::string& n) const {
  const XmlNode* c = child(n);
  return c ? c->text : std::string();
}

namespace {

constexpr int max_depth = 256;

class Reader {
 public:
  Reader(const std::string& text, const std::string& what) : s_(text), what_(what) {}

  XmlNode document() {
    skip_misc(true);
    if (at_end()) fail("no root element");
    XmlNode root = element(0);
    skip_misc(false);
    if (!at_end()) fail("content after the root element");
    return root;
  }

 private:
  const std::string& s_;
  const std::string& what_;
  std::size_t i_ = 0;

  [[noreturn]] void fail(const std::string& why) const {
    std::size_t line = 1;
    for (std::size_t k = 0; k < i_ && k < s_.size(); ++k) line += s_[k] == '\n';
    throw ParseError(what_ + ":" + std::to_string(line) + ": malformed XML: " + why);
  }
  [[noreturn]] void truncated(const std::string& inside) const {
    throw ParseError(what_ + ": truncated XML (ends inside " + inside + ")");
  }
  bool at_end() const { return i_ >= s_.size(); }
  bool starts(const char* p) const { return s_.compare(i_, std::char_traits<char>::length(p), p) == 0; }
  void skip_space() {
    while (!at_end() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  void skip_past(const char* end, const char* inside) {
    std::size_t k = s_.find(end, i_);
    if (k == std::string::npos) truncated(inside);
    i_ = k + std::char_traits<char>::length(end);
  }
  // Whitespace, comments, processing instructions and (before the root) a DOCTYPE.
  void skip_misc(bool prolog) {
    for (;;) {
      skip_space();
      if (starts("<?")) skip_past("?>", "a processing instruction");
      else if (starts("<!--")) skip_past("-->", "a comment");
      else if (prolog && starts("<!DOCTYPE")) skip_past(">", "the DOCTYPE");
      else return;
    }
  }
  std::string name() {
    std::size_t b = i_;
    while (!at_end() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_' || s_[i_] == '-' ||
                         s_[i_] == ':' || s_[i_] == '.'))
      ++i_;
    if (b == i_) at_end() ? truncated("a tag") : fail("expected a name");
    return s_.substr(b, i_ - b);
  }
  void append_entity(std::string& out) {
    std::size_t semi = s_.find(';', i_);
    if (semi == std::string::npos || semi - i_ > 12) at_end() ? truncated("an entity") : fail("bad entity");
    std::string e = s_.substr(i_ + 1, semi - i_ - 1);
    i_ = semi + 1;
    if (e == "amp") out += '&';
    else if (e == "lt") out += '<';
    else if (e == "gt") out += '>';
    else if (e == "quot") out += '"';
    else if (e == "apos") out += '\'';
    else if (e.size() > 1 && e[0] == '#') {
      unsigned long code = 0;
      try {
        code = e[1] == 'x' ? std::stoul(e.substr(2), nullptr, 16) : std::stoul(e.substr(1));
      } catch (const std::exception&) {
        fail("bad character reference &" + e + ";");
      }
      if (code == 0 || code > 0x10FFFF) fail("bad character reference &" + e + ";");
      if (code < 0x80) out += static_cast<char>(code);
      else out += '?';  // outside ASCII: not needed by the formats read here
    } else {
      fail("unknown entity &" + e + ";");
    }
  }
  XmlNode element(int depth) {
    if (depth > max_depth) fail("nested deeper than " + std::to_string(max_depth));
    if (at_end() || s_[i_] != '<') fail("expected an element");
    ++i_;
    XmlNode node;
    node.name = name();
    // Attributes are skipped (quoted values may hold '>').
    for (;;) {
      if (at_end()) truncated("<" + node.name + ">");
      char c = s_[i_];
      if (c == '"' || c == '\'') {
        std::size_t k = s_.find(c, i_ + 1);
        if (k == std::string::npos) truncated("<" + node.name + ">");
        i_ = k + 1;
      } else if (c == '/') {
        if (i_ + 1 >= s_.size()) truncated("<" + node.name + ">");
        if (s_[i_ + 1] != '>') fail("stray '/' in <" + node.name + ">");
        i_ += 2;
        return node;
      } else if (c == '>') {
        ++i_;
        break;
      } else if (c == '<') {
        fail("'<' inside the tag <" + node.name + ">");
      } else {
        ++i_;
      }
    }
    for (;;) {
      if (at_end()) truncated("<" + node.name + ">");
      char c = s_[i_];
      if (c == '&') {
        append_entity(node.text);
      } else if (c != '<') {
        node.text += c;
        ++i_;
      } else if (starts("<!--")) {
        skip_past("-->", "a comment");
      } else if (starts("<![CDATA[")) {
        std::size_t b = i_ + 9, k = s_.find("]]>", b);
        if (k == std::string::npos) truncated("CDATA");
        node.text += s_.substr(b, k - b);
        i_ = k + 3;
      } else if (starts("<?")) {
        skip_past("?>", "a processing instruction");
      } else if (starts("</")) {
        i_ += 2;
        std::string closing = name();
        skip_space();
        if (at_end()) truncated("</" + closing + ">");
        if (closing != node.name || s_[i_] != '>') fail("</" + closing + "> closes <" + node.name + ">");
        ++i_;
        return node;
      } else {
        node.children.push_back(element(depth + 1));
      }
    }
  }
};

}  // namespace

XmlNode parse_xml(const std::string& text, const std::string& what) { return Reader(text, what).document(); }

Site valgrind_frame_site(const XmlNode& frame, int rank, const std::string& op, const std::string& kind) {
  Site s;
  s.op = op;
  s.kind = kind;
  s.rank = rank;
  const std::string dir = frame.child_text("dir"), file = frame.child_text("file");
  s.file = dir.empty() || dir == "." ? file : dir + "/" + file;
  s.line = std::atoi(frame.child_text("line").c_str());
  s.function = frame.child_text("fn");
  return s;
}

}  // namespace assay::adapter
