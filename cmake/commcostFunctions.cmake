# The functions find_package(commcost) gives a project (docs/regression.md).
#
# commcost_enable_plugin(<target> [RECORDS_DIR <dir>] [PROFILE <file>])
#   Compiles the target's C and C++ sources with the commcost plugin and
#   writes optimisation records (only commcost's) next to each object
#   (CMakeFiles/<target>.dir/<source>.opt.yaml). With RECORDS_DIR, a folder
#   of the target's own, the records are also copied there (same relative
#   paths) after each build, replacing the *.opt.yaml files it held; this
#   needs a target with a link or archive step. PROFILE prices the sites
#   with that profile instead of the default (calibrated or embedded), which
#   makes records reproducible on other machines. The C and C++ compilers
#   must be the clang the plugin was built for (commcost_LLVM_VERSION), e.g.
#   -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19.
#
# commcost_add_cost_check(<target> BASELINE <dir> [THRESHOLD <pct>]
#                         [SET <name>=<value>...] [NAME <test>])
#   Adds the ctest <test> (default commcost-cost-<target>) that runs
#   `commcost diff <dir> <records>` on the target's records: it fails when
#   a site's or a function's predicted cost rose more than <pct> percent
#   (default 5) over the committed baseline <dir> (relative to the current
#   source dir), when a site is no longer analysed, or when a symbolic cost
#   changed and SET does not bind its variables. Also adds the target
#   commcost-update-baseline-<target>, which replaces the baseline with the
#   current records, on purpose.

set(_commcost_functions_dir "${CMAKE_CURRENT_LIST_DIR}")

# The records folder of a target, set by commcost_enable_plugin.
define_property(TARGET PROPERTY COMMCOST_RECORDS_DIR
  BRIEF_DOCS "Where commcost's optimisation records of the target are"
  FULL_DOCS "Set by commcost_enable_plugin(); read by commcost_add_cost_check().")

# The plugin runs inside the compiler, which must be the clang it was built
# against: any other compiler fails to load it.
function(_commcost_check_compilers Target)
  string(REGEX MATCH "^[0-9]+" Major "${commcost_LLVM_VERSION}")
  get_property(Languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  set(Checked FALSE)
  foreach(Lang C CXX)
    if(NOT Lang IN_LIST Languages)
      continue()
    endif()
    set(Checked TRUE)
    set(Id "${CMAKE_${Lang}_COMPILER_ID}")
    set(Version "${CMAKE_${Lang}_COMPILER_VERSION}")
    string(REGEX MATCH "^[0-9]+" CompilerMajor "${Version}")
    if(NOT Id STREQUAL "Clang" OR NOT CompilerMajor STREQUAL Major)
      if(Lang STREQUAL "C")
        set(Suggest "clang-${Major}")
      else()
        set(Suggest "clang++-${Major}")
      endif()
      message(FATAL_ERROR
        "commcost_enable_plugin(${Target}): the commcost plugin runs inside "
        "clang ${Major} (it was built for LLVM ${commcost_LLVM_VERSION}); "
        "the ${Lang} compiler is ${Id} ${Version} (${CMAKE_${Lang}_COMPILER}). "
        "Configure with -DCMAKE_${Lang}_COMPILER=${Suggest}.")
    endif()
  endforeach()
  if(NOT Checked)
    message(FATAL_ERROR "commcost_enable_plugin(${Target}): the project "
      "enables neither C nor C++, the languages the plugin analyses")
  endif()
endfunction()

function(commcost_enable_plugin Target)
  cmake_parse_arguments(PARSE_ARGV 1 Arg "" "RECORDS_DIR;PROFILE" "")
  if(Arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "commcost_enable_plugin(${Target}): unknown "
      "arguments '${Arg_UNPARSED_ARGUMENTS}' (expected RECORDS_DIR <dir>, "
      "PROFILE <file>)")
  endif()
  if(NOT TARGET ${Target})
    message(FATAL_ERROR "commcost_enable_plugin: ${Target} is not a target")
  endif()
  _commcost_check_compilers(${Target})

  get_target_property(Plugin commcost::plugin LOCATION)
  set(Flags "-fplugin=${Plugin}" -fsave-optimization-record
    -foptimization-record-passes=commcost)
  set(Profile)
  if(Arg_PROFILE)
    get_filename_component(Profile "${Arg_PROFILE}" ABSOLUTE
      BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT EXISTS "${Profile}")
      message(FATAL_ERROR "commcost_enable_plugin(${Target}): PROFILE "
        "${Profile} does not exist")
    endif()
    list(APPEND Flags "-fplugin-arg-commcost-profile=${Profile}")
  endif()
  target_compile_options(${Target} PRIVATE
    "$<$<COMPILE_LANGUAGE:C,CXX>:${Flags}>")

  # Records change with the plugin and the profile: recompile then. (A
  # source property: a source shared with other targets gets it once.)
  get_target_property(SourceDir ${Target} SOURCE_DIR)
  get_target_property(Sources ${Target} SOURCES)
  foreach(Source IN LISTS Sources)
    if(Source MATCHES "\\$<")
      continue()
    endif()
    get_filename_component(Absolute "${Source}" ABSOLUTE
      BASE_DIR "${SourceDir}")
    get_property(Depends SOURCE "${Absolute}" TARGET_DIRECTORY ${Target}
      PROPERTY OBJECT_DEPENDS)
    foreach(File IN ITEMS "${Plugin}" ${Profile})
      if(NOT File IN_LIST Depends)
        set_property(SOURCE "${Absolute}" TARGET_DIRECTORY ${Target}
          APPEND PROPERTY OBJECT_DEPENDS "${File}")
      endif()
    endforeach()
  endforeach()

  # clang writes each object's records next to it (Makefile and Ninja
  # generators); with RECORDS_DIR they are copied there after each build.
  get_target_property(BinaryDir ${Target} BINARY_DIR)
  set(ObjectDir "${BinaryDir}/CMakeFiles/${Target}.dir")
  set(Records "${ObjectDir}")
  if(Arg_RECORDS_DIR)
    get_filename_component(Records "${Arg_RECORDS_DIR}" ABSOLUTE
      BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
    foreach(Dir IN ITEMS "${CMAKE_SOURCE_DIR}" "${CMAKE_BINARY_DIR}"
                         "${CMAKE_CURRENT_SOURCE_DIR}" "${BinaryDir}")
      string(FIND "${Dir}/" "${Records}/" At)
      if(At EQUAL 0)
        message(FATAL_ERROR "commcost_enable_plugin(${Target}): RECORDS_DIR "
          "${Records} holds ${Dir}; give the records a folder of their own "
          "(its *.opt.yaml files are replaced after each build)")
      endif()
    endforeach()
    get_target_property(Type ${Target} TYPE)
    if(Type STREQUAL "OBJECT_LIBRARY" OR Type STREQUAL "INTERFACE_LIBRARY")
      message(FATAL_ERROR "commcost_enable_plugin(${Target}): RECORDS_DIR "
        "needs a target with a link or archive step; for an ${Type} use "
        "the records next to the objects (no RECORDS_DIR)")
    endif()
    add_custom_command(TARGET ${Target} POST_BUILD
      COMMAND ${CMAKE_COMMAND} -DFROM=${ObjectDir} -DTO=${Records} -DQUIET=1
              -P ${_commcost_functions_dir}/commcostCopyRecords.cmake
      VERBATIM)
  endif()
  set_target_properties(${Target} PROPERTIES COMMCOST_RECORDS_DIR "${Records}")
endfunction()

function(commcost_add_cost_check Target)
  cmake_parse_arguments(PARSE_ARGV 1 Arg "" "BASELINE;THRESHOLD;NAME" "SET")
  if(Arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "commcost_add_cost_check(${Target}): unknown "
      "arguments '${Arg_UNPARSED_ARGUMENTS}' (expected BASELINE <dir>, "
      "THRESHOLD <pct>, SET <name>=<value>..., NAME <test>)")
  endif()
  if(NOT Arg_BASELINE)
    message(FATAL_ERROR "commcost_add_cost_check(${Target}): BASELINE <dir> "
      "is required: the committed folder of records to compare with")
  endif()
  if(NOT TARGET ${Target})
    message(FATAL_ERROR "commcost_add_cost_check: ${Target} is not a target")
  endif()
  get_target_property(Records ${Target} COMMCOST_RECORDS_DIR)
  if(NOT Records)
    message(FATAL_ERROR "commcost_add_cost_check(${Target}): call "
      "commcost_enable_plugin(${Target}) first")
  endif()
  get_filename_component(Baseline "${Arg_BASELINE}" ABSOLUTE
    BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT Arg_THRESHOLD)
    set(Arg_THRESHOLD 5)
  endif()
  if(NOT Arg_NAME)
    set(Arg_NAME commcost-cost-${Target})
  endif()
  set(Sets)
  foreach(Binding IN LISTS Arg_SET)
    list(APPEND Sets --set "${Binding}")
  endforeach()

  add_test(NAME ${Arg_NAME}
    COMMAND $<TARGET_FILE:commcost::cli> diff "${Baseline}" "${Records}"
            --threshold ${Arg_THRESHOLD} ${Sets})
  add_custom_target(commcost-update-baseline-${Target}
    COMMAND ${CMAKE_COMMAND} -DFROM=${Records} -DTO=${Baseline}
            -P ${_commcost_functions_dir}/commcostCopyRecords.cmake
    DEPENDS ${Target}
    COMMENT "commcost: replacing the cost baseline ${Baseline} with the records of ${Target}"
    VERBATIM)
  if(NOT IS_DIRECTORY "${Baseline}")
    message(WARNING "commcost_add_cost_check(${Target}): the baseline "
      "${Baseline} does not exist yet; the test ${Arg_NAME} fails until it "
      "does. Build once, then create it with: cmake --build . --target "
      "commcost-update-baseline-${Target}")
  endif()
endfunction()
