# ldconfig.cmake - the last step of `make install` / `cmake --install`:
# make the shared library findable by the loader, or say how.
# GL_LIBDIR (set by an install(CODE) before this script) is the library
# folder relative to the prefix, or absolute.
#
# A program linked with -lgamelearn needs libgamelearn.so.0 at run time.
# The loader finds it through /etc/ld.so.cache, which only ldconfig
# rebuilds: without that step the program fails with "cannot open shared
# object file" even when the library sits in /usr/local/lib. So:
#  - installing to the real root (DESTDIR empty) as root, into a folder
#    the loader searches (/usr/local/lib on Debian): run ldconfig;
#  - the same as another user: say to run ldconfig as root;
#  - into a folder the loader does not search: say how to add it, or to
#    set LD_LIBRARY_PATH (ldconfig alone would not help);
#  - staged under DESTDIR (a package): say that ldconfig is the package's
#    to run after it is unpacked (Debian's triggers do it).
if(IS_ABSOLUTE "${GL_LIBDIR}")
  set(libdir "${GL_LIBDIR}")
else()
  set(libdir "${CMAKE_INSTALL_PREFIX}/${GL_LIBDIR}")
endif()
if(NOT "$ENV{DESTDIR}" STREQUAL "")
  message(STATUS "gamelearn: staged under DESTDIR=$ENV{DESTDIR}; run ldconfig once ${libdir} is in place on the target machine")
  return()
endif()
find_program(GL_LDCONFIG ldconfig PATHS /sbin /usr/sbin NO_CACHE)
if(NOT GL_LDCONFIG)
  message(STATUS "gamelearn: no ldconfig here; programs linked with -lgamelearn need LD_LIBRARY_PATH=${libdir}")
  return()
endif()
# The folders the loader searches: `ldconfig -N -X -v` lists them (one
# "DIR: (from FILE)" line each) and changes nothing.
execute_process(COMMAND ${GL_LDCONFIG} -N -X -v OUTPUT_VARIABLE dirs ERROR_QUIET)
file(REAL_PATH "${libdir}" reallib)
set(searched FALSE)
string(REGEX MATCHALL "(^|\n)/[^:\n]*:" lines "${dirs}")
foreach(l ${lines})
  string(REGEX REPLACE "^\n?(/[^:]*):$" "\\1" d "${l}")
  file(REAL_PATH "${d}" reald)
  if(reald STREQUAL reallib)
    set(searched TRUE)
  endif()
endforeach()
if(NOT searched)
  message(STATUS "gamelearn: ${libdir} is not a folder the loader searches: programs linked with -lgamelearn need LD_LIBRARY_PATH=${libdir}, or, as root, ${libdir} added to a file in /etc/ld.so.conf.d/ and then ldconfig")
  return()
endif()
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT uid STREQUAL "0")
  message(STATUS "gamelearn: run `sudo ldconfig` so that programs linked with -lgamelearn find libgamelearn.so.0 in ${libdir}")
  return()
endif()
execute_process(COMMAND ${GL_LDCONFIG} RESULT_VARIABLE rc)
if(rc EQUAL 0)
  message(STATUS "gamelearn: ran ldconfig: programs linked with -lgamelearn find libgamelearn.so.0 in ${libdir}")
else()
  message(WARNING "gamelearn: ldconfig failed (${rc}); run it as root so that programs find libgamelearn.so.0")
endif()
