# Registers (case, backend, MPI) triples as CTest tests named
# case/<backend>/<mpi>/<case id>, labelled with family, group, backend, MPI (and
# smoke when the case has TAGS: smoke). Each test runs the case through
# `mpi-assay run --check`: it passes when the outcome is TP, TN or NS, or a known
# miss in the backend's expected-results.
#   ASSAY_CASE_TESTS          none | smoke | all
#   ASSAY_CASE_TEST_BACKENDS  backends to register (default: native)
function(assay_register_case_tests)
  if(ASSAY_CASE_TESTS STREQUAL "none")
    return()
  endif()
  set(root ${PROJECT_SOURCE_DIR}/cases)
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${root}/*.c ${root}/*.cpp)
  foreach(src IN LISTS sources)
    file(RELATIVE_PATH rel ${root} ${src})
    if(rel MATCHES "^gen/")
      continue()
    endif()
    file(STRINGS ${src} tag_lines REGEX "^// TAGS:" LIMIT_COUNT 1)
    file(STRINGS ${src} np_lines REGEX "^// NPROCS:" LIMIT_COUNT 1)
    set(labels "")
    if(tag_lines MATCHES "[: ]smoke( |$)")
      list(APPEND labels smoke)
    elseif(ASSAY_CASE_TESTS STREQUAL "smoke")
      continue()
    endif()
    set(np 2)
    if(np_lines MATCHES "NPROCS: *([0-9]+)")
      set(np ${CMAKE_MATCH_1})
    endif()
    string(REGEX REPLACE "\\.(c|cpp)$" "" id ${rel})
    string(REPLACE "/" ";" parts ${id})
    list(GET parts 0 family)
    list(GET parts 1 group)
    foreach(backend IN LISTS ASSAY_CASE_TEST_BACKENDS)
      foreach(mpi IN LISTS ASSAY_MPIS)
        set(name case/${backend}/${mpi}/${id})
        add_test(NAME ${name}
          COMMAND mpi-assay run --check --quiet --rerun --backend ${backend} --mpi ${mpi}
                  --journal ${PROJECT_BINARY_DIR}/case-tests/${backend}/${mpi}/${id}.jsonl ${id})
        set_tests_properties(${name} PROPERTIES
          LABELS "${labels};case;${family};${family}/${group};${backend};${mpi}"
          PROCESSORS ${np} TIMEOUT 600)
      endforeach()
    endforeach()
  endforeach()
endfunction()
