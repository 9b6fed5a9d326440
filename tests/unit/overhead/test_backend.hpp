// A backend as the overhead tests need it: a name, a folder, one default
// configuration per MPI.
#pragma once
#include <string>

#include "backend/backend.hpp"

namespace assay::test_support {

inline Backend backend(const std::string& name) {
  Backend b;
  b.name = name;
  b.dir = "/suite/backends/" + name;
  b.configs["openmpi"] = b.configs["mpich"] = BackendConfig{};
  return b;
}

}  // namespace assay::test_support
