# assay_warnings(target): the project's warning set, as errors in CI builds.
option(ASSAY_WERROR "Treat warnings as errors" OFF)
function(assay_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion $<$<BOOL:${ASSAY_WERROR}>:-Werror>)
endfunction()
