// The case model, template filling and file writing shared by the nb_* and mem_*
// generators (each generator is one .cpp file that includes this header).
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace case_writer {

struct Case {
    std::string name;                // file name without ".c", ends in -ok or -nok
    std::string description;         // one sentence
    std::string error;               // class id; empty for a correct case
    std::string expect_at;           // markers of the statements involved
    std::vector<std::string> twins;  // counterparts in the same group (completed both ways)
    int nprocs = 2;
    int runs = 1;
    int timeout = 0;
    std::string requires_, tags, origin, note;
    std::string code;                // the C program after the header
};

using Vars = std::vector<std::pair<std::string, std::string>>;

std::vector<std::string> split_lines(const std::string& text)
{
    std::vector<std::string> lines;
    std::string line;
    std::istringstream in(text);
    while (std::getline(in, line))
        lines.push_back(line);
    return lines;
}

[[noreturn]] void fail(const std::string& message)
{
    std::cerr << "generator error: " << message << '\n';
    std::exit(1);
}

// Replaces ${KEY} by its value. A line holding only ${KEY} takes the value's
// lines indented like the placeholder, or disappears when the value is empty.
std::string fill(const std::string& text, const Vars& vars)
{
    auto value_of = [&](const std::string& key) -> const std::string* {
        for (const auto& [k, v] : vars)
            if (k == key)
                return &v;
        return nullptr;
    };
    std::string out;
    const bool ends_with_newline = !text.empty() && text.back() == '\n';
    for (std::string line : split_lines(text)) {
        const auto margin = line.find_first_not_of(' ');
        const std::string rest = margin == std::string::npos ? "" : line.substr(margin);
        if (rest.size() > 3 && rest.starts_with("${") && rest.back() == '}' &&
            rest.find('}') == rest.size() - 1) {
            if (const auto* value = value_of(rest.substr(2, rest.size() - 3))) {
                for (const auto& part : split_lines(*value))
                    out += part.empty() ? "\n" : line.substr(0, margin) + part + "\n";
                continue;
            }
        }
        for (const auto& [key, value] : vars) {
            const std::string placeholder = "${" + key + "}";
            for (auto at = line.find(placeholder); at != std::string::npos;
                 at = line.find(placeholder, at + value.size()))
                line.replace(at, placeholder.size(), value);
        }
        if (line.find("${") != std::string::npos)
            fail("unfilled placeholder in: " + line);
        out += line + "\n";
    }
    if (!ends_with_newline && !out.empty())
        out.pop_back();
    return out;
}

// Indents every non-empty line by four spaces.
[[maybe_unused]] std::string indent(const std::string& code)
{
    std::string out;
    for (const auto& line : split_lines(code))
        out += line.empty() ? "\n" : "    " + line + "\n";
    if (!out.empty())
        out.pop_back();
    return out;
}

// Puts the "// @marker" comments of a program in one column, after its
// longest marked statement.
std::string align_markers(const std::string& code)
{
    const auto lines = split_lines(code);
    auto statement_of = [](const std::string& line, std::size_t at) {
        return line.substr(0, line.find_last_not_of(' ', at) + 1);
    };
    std::size_t column = 0;
    for (const auto& line : lines)
        if (const auto at = line.find(" // @"); at != std::string::npos)
            column = std::max(column, statement_of(line, at).size() + 1);
    std::string out;
    for (const auto& line : lines) {
        const auto at = line.find(" // @");
        if (at == std::string::npos) {
            out += line + "\n";
            continue;
        }
        std::string statement = statement_of(line, at);
        statement.resize(column, ' ');
        out += statement + line.substr(at + 1) + "\n";
    }
    return out;
}

// True when code calls the C function `name` (not merely one ending in it).
bool calls(const std::string& code, const std::string& name)
{
    for (auto at = code.find(name + "("); at != std::string::npos; at = code.find(name + "(", at + 1))
        if (at == 0 || !(std::isalnum(static_cast<unsigned char>(code[at - 1])) || code[at - 1] == '_'))
            return true;
    return false;
}

std::string includes_for(const std::string& code)
{
    std::string out = "#include <mpi.h>\n";
    if (calls(code, "printf") || calls(code, "fprintf"))
        out += "#include <stdio.h>\n";
    if (calls(code, "malloc") || calls(code, "free"))
        out += "#include <stdlib.h>\n";
    if (calls(code, "memset") || calls(code, "memcpy"))
        out += "#include <string.h>\n";
    return out;
}

// An erroneous case exits 0 whatever its data: a race may or may not corrupt
// what it received, and the exit status must not depend on that.
std::string without_result_check(std::string code)
{
    const std::string check = "    return errors != 0;\n";
    const auto at = code.rfind(check);
    if (at != std::string::npos)
        code.replace(at, check.size(), "    (void)errors; /* not checked: the error leaves the data undefined */\n    return 0;\n");
    return code;
}

// The C program of a case: declarations before main, then main with MPI set
// up, the ranks' code, and an exit status that reports wrong results.
std::string program(const std::string& prelude, const std::string& body)
{
    const std::string main_function = fill(R"(int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    ${BODY}

    MPI_Finalize();
    return errors != 0;
}
)", {{"BODY", body}});
    const std::string code = prelude.empty() ? main_function : prelude + "\n" + main_function;
    return includes_for(code) + "\n" + align_markers(code);
}

// The usual body: rank 0 and rank 1 each run their own part.
[[maybe_unused]] std::string two_ranks(const std::string& rank0, const std::string& rank1)
{
    return fill(R"(if (rank == 0) {
    ${RANK0}
} else if (rank == 1) {
    ${RANK1}
})", {{"RANK0", rank0}, {"RANK1", rank1}});
}

std::string header(const Case& c, const std::string& generator, const std::string& group)
{
    std::string h = "// GENERATED: " + generator + "\n";
    auto key = [&](const std::string& name, const std::string& value) {
        if (!value.empty())
            h += "// " + name + ": " + value + "\n";
    };
    key("DESCRIPTION", c.description);
    key("NPROCS", std::to_string(c.nprocs));
    key("EXPECT", c.error.empty() ? "ok" : "error " + c.error);
    key("EXPECT-AT", c.expect_at);
    std::string twins;
    for (const auto& twin : c.twins)
        twins += (twins.empty() ? "" : " ") + group + "/" + twin;
    key("TWIN", twins);
    key("RUNS", c.runs > 1 ? std::to_string(c.runs) : "");
    key("TIMEOUT", c.timeout > 0 ? std::to_string(c.timeout) : "");
    key("REQUIRES", c.requires_);
    key("TAGS", c.tags);
    key("ORIGIN", c.origin);
    key("NOTE", c.note);
    return h;
}

// Completes the twin relation both ways, checks the corpus rules that concern
// a group on its own, and writes OUTDIR/<group>/<name>.c for every case.
void write_cases(const std::filesystem::path& outdir, const std::string& generator,
                 const std::string& group, std::vector<Case> cases)
{
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const auto& c = cases[i];
        if (!index.emplace(c.name, i).second)
            fail("duplicate case " + c.name);
        const bool nok = c.name.ends_with("-nok");
        if (nok == c.error.empty() || (!nok && !c.name.ends_with("-ok")))
            fail("name and expectation disagree: " + c.name);
    }
    for (const auto& c : cases)
        for (const auto& twin : c.twins) {
            if (!index.contains(twin))
                fail(c.name + " names a missing twin " + twin);
            auto& back = cases[index[twin]].twins;
            if (std::find(back.begin(), back.end(), c.name) == back.end())
                back.push_back(c.name);
        }
    for (const auto& c : cases) {
        const bool has_correct_twin = std::any_of(c.twins.begin(), c.twins.end(), [&](const auto& t) {
            return cases[index.at(t)].error.empty();
        });
        if (!c.error.empty() && !has_correct_twin)
            fail(c.name + " has no correct twin");
    }
    const auto dir = outdir / group;
    std::filesystem::create_directories(dir);
    for (const auto& c : cases) {
        std::ofstream out(dir / (c.name + ".c"));
        out << header(c, generator, group) << (c.error.empty() ? c.code : without_result_check(c.code));
        if (!out)
            fail("cannot write " + (dir / (c.name + ".c")).string());
    }
}

}  // namespace case_writer
