// Memory-access diagrams, after Krzikalla et al., "Analyzing One-Sided
// Communication Using Memory Access Diagrams": x = logical time of the reporting
// rank, y = the addresses of the buffers involved. A load or store is a vertical
// line over the bytes it touched at its time (green read, red write); an
// asynchronous access (RMA operation, buffer of a pending request) is a
// rectangle over [time, end_time); a race shows as an overlap. The conflicting
// pair (the finding's first two accesses, current first) is outlined.
#pragma once
#include <optional>
#include <string>

#include "results/finding.hpp"

namespace assay {

// True when some access of `f` carries a logical time.
bool has_timed_accesses(const Finding& f);

// A standalone inline SVG element (no script, no external reference; every
// text escaped), or nullopt when no access has a time, or none that has a time
// also has an address.
std::optional<std::string> memory_access_diagram(const Finding& f);

}  // namespace assay
