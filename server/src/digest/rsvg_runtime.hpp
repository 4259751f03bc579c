#pragma once

#include <cairo.h>
#include <librsvg/rsvg.h>

// librsvg and cairo, opened the first time a chart is drawn rather than linked. Linked, they
// brought 40 shared libraries (glib, pango, fontconfig, X11's, ICU…) into every start of the
// binary: 85 instead of 45, about 20 ms of each start's 46 (release, 2026-12-07), for every CLI
// command, restart and test, although only the digest's chart uses them. The headers still give
// each function's exact type.
namespace landing::digest {

struct rsvg_runtime {
  decltype(&rsvg_handle_new_from_data) handle_new_from_data;
  decltype(&rsvg_handle_render_document) handle_render_document;
  decltype(&g_object_unref) object_unref;
  decltype(&g_error_free) error_free;
  decltype(&cairo_image_surface_create) image_surface_create;
  decltype(&cairo_create) create;
  decltype(&cairo_destroy) destroy;
  decltype(&cairo_surface_destroy) surface_destroy;
  decltype(&cairo_surface_write_to_png_stream) surface_write_to_png_stream;
  decltype(&cairo_status_to_string) status_to_string;
};

// The functions, the libraries opened once per process (safely from any thread); throws
// std::runtime_error naming the library or function and the loader's reason when one is missing
// (and tries again on the next call: an operator may install the package meanwhile).
const rsvg_runtime& rsvg();

}  // namespace landing::digest
