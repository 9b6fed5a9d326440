// A case of the corpus: one C program whose header carries its ground truth
// (docs/case-format.md). Parsing never throws on bad input: it collects problems.
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "corpus/taxonomy.hpp"

namespace assay {

struct Problem {  // one "file:line: message"
  std::string file;
  int line = 0;    // 0 when it concerns the whole file
  std::string message;
  std::string str() const;  // "file:line: message" (or "file: message")
};

struct Expectation {  // one "EXPECT: error <class>" and its EXPECT-AT markers
  std::string error_class;
  std::vector<std::string> at;   // marker names
  std::vector<int> at_lines;     // resolved, same order as `at`
};

struct Case {
  std::string id;        // path under its cases folder, without extension
  std::string path;      // absolute path of the source file
  std::string root;      // the cases folder it came from
  // The corpus rules apply (lint: -ok/-nok names, a correct TWIN for every
  // erroneous case; ids of at least family/group/name): the folder opts in with a
  // file named .assay-corpus at its root, as the project's cases/ does.
  bool corpus_rules = false;
  std::string family, group, name;  // id split: family/group/.../name
  std::string description;
  bool generated = false;
  std::string generator;
  std::vector<Expectation> errors;  // empty = EXPECT: ok
  bool correct() const { return errors.empty(); }
  int nprocs = 2;
  int runs = 1;
  int timeout_s = 0;     // 0 = the runner's default
  std::vector<std::string> twins, requires_features, unsupported_mpis, args, tags;
  // SOURCES: further files the case is built from (absolute paths); the .c/.cpp
  // ones are compiled and linked with it, all of them are in content_hash.
  std::vector<std::string> sources;
  std::string origin, note;
  std::map<std::string, int> markers;  // name -> line
  std::map<std::string, int> key_lines;  // header key -> line of its first occurrence
  std::string content_hash;            // 16 hex digits, FNV-1a 64 of the file bytes (and of sources)
  bool has_tag(const std::string& t) const;
  // Tagged t, or t-<mpi> (deadlock-mpich: it hangs on MPICH only).
  bool has_tag_on(const std::string& t, const std::string& mpi) const { return has_tag(t) || has_tag(t + "-" + mpi); }
};

// The file at the root of a cases folder that opts into the corpus rules.
inline constexpr const char* kCorpusMarker = ".assay-corpus";

// Parses one file; `id` is its path under `root` without extension.
// Problems are appended; the returned Case is only meaningful when none were added.
// Problems about the whole file (unreadable, id too shallow) have line 0; missing
// keys are reported at line 1, where the header starts.
Case parse_case(const std::string& root, const std::string& path, const Taxonomy& tax,
                std::vector<Problem>& problems);

// Finds every *.c / *.cpp under each root (sorted by id) and parses them; a `gen/`
// folder directly under a root holds generators and is skipped. Every parsed case is
// returned, also those with problems (lint must still see them as twins). Duplicate
// ids across roots are problems too; only the first of them is returned.
// Entries that cannot be cases are skipped with a warning rather than failing the
// folder: a symlink that cannot be resolved (a loop), a name that is not printable
// UTF-8 (its id could not be written to a journal or a JSON listing).
std::vector<Case> load_cases(const std::vector<std::string>& roots, const Taxonomy& tax,
                             std::vector<Problem>& problems, std::vector<Problem>& warnings);

// Corpus rules on top of parsing (name suffix -ok/-nok agrees with EXPECT, twins
// exist and an erroneous case has a correct twin).
std::vector<Problem> lint_cases(const std::vector<Case>& cases);

// 64-bit FNV-1a as 16 lowercase hex digits (stable across runs and machines).
std::string fnv1a_hex(std::string_view bytes);

}  // namespace assay
