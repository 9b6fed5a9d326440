// Text from cases, findings and tools is data, never markup: each format
// escapes it with one of these before it is written.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace assay {

std::string escape_html(std::string_view s);      // & < > " ', other control bytes as \x1b
std::string escape_xml(std::string_view s);       // as HTML, and drops characters XML 1.0 forbids
std::string escape_latex(std::string_view s);     // \ { } $ & # ^ _ ~ %, newlines as spaces
std::string escape_csv(std::string_view s);       // quoted when it holds , " or a newline; = + - @ first: a leading '
std::string escape_markdown(std::string_view s);  // table-safe: | and markup characters, newlines
std::string one_line(std::string_view s);         // newlines and tabs as spaces, other control bytes as \x1b: terminal-safe

// "0.750" or "n/a" when the metric is undefined.
std::string format_ratio(const std::optional<double>& v);

}  // namespace assay
