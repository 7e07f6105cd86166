# Replaces the record files (*.opt.yaml) below TO with those below FROM,
# keeping their paths relative to the folder: how a cost-check baseline is
# updated on purpose (the commcost-update-baseline-<target> targets), and
# how records reach a target's RECORDS_DIR after a build (QUIET).
#   cmake -DFROM=<records dir> -DTO=<dir> [-DQUIET=1] -P commcostCopyRecords.cmake
if(NOT FROM OR NOT TO)
  message(FATAL_ERROR "usage: cmake -DFROM=<records dir> -DTO=<baseline dir> -P ${CMAKE_CURRENT_LIST_FILE}")
endif()
if(NOT IS_DIRECTORY "${FROM}")
  message(FATAL_ERROR "commcost: ${FROM} is not a folder of records: build the target with commcost_enable_plugin() first")
endif()
file(GLOB_RECURSE Old RELATIVE "${TO}" "${TO}/*.opt.yaml")
foreach(File IN LISTS Old)
  file(REMOVE "${TO}/${File}")
endforeach()
file(GLOB_RECURSE New RELATIVE "${FROM}" "${FROM}/*.opt.yaml")
if(NOT New)
  message(FATAL_ERROR "commcost: no records (*.opt.yaml) below ${FROM}: build the target with commcost_enable_plugin() first")
endif()
foreach(File IN LISTS New)
  get_filename_component(Dir "${File}" DIRECTORY)
  file(COPY "${FROM}/${File}" DESTINATION "${TO}/${Dir}")
endforeach()
if(NOT QUIET)
  list(LENGTH New Count)
  message(STATUS "commcost: ${Count} record files copied to ${TO}")
endif()
