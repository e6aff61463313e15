# mlsyslab_registering_library(NAME SOURCES files... LIBRARIES targets...)
#
# A static library whose files register themselves at start-up (simulator kinds beside their
# engines, simulator views beside their widgets) and that nothing else calls by name. A linker
# keeps only the archive members something refers to, so such a library is linked whole:
# NAME is an interface target that links the archive NAME_archive with WHOLE_ARCHIVE. Every user
# must link NAME, never NAME_archive, since CMake refuses one archive linked both ways.
function(mlsyslab_registering_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBRARIES" ${ARGN})
  add_library(${name}_archive STATIC ${ARG_SOURCES})
  target_link_libraries(${name}_archive PUBLIC ${ARG_LIBRARIES})
  add_library(${name} INTERFACE)
  target_link_libraries(${name} INTERFACE "$<LINK_LIBRARY:WHOLE_ARCHIVE,${name}_archive>")
endfunction()
