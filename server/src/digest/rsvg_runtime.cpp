#include "digest/rsvg_runtime.hpp"

#include <dlfcn.h>

#include <stdexcept>

#include "common/concat.hpp"

namespace landing::digest {
namespace {

// Never closed: glib cannot be unloaded safely, and a process that drew one chart draws more.
void* open_library(const char* name) {
  void* library = ::dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    const char* reason = ::dlerror();
    throw std::runtime_error(concat(
        "cannot open ", name,
        " to draw the chart (Debian's librsvg2-2): ", reason != nullptr ? reason : "unknown"));
  }
  return library;
}

template <typename Function>
Function find(void* library, const char* name) {
  void* address = ::dlsym(library, name);
  if (address == nullptr) throw std::runtime_error(concat("the chart's libraries lack ", name));
  return reinterpret_cast<Function>(address);
}

rsvg_runtime open_runtime() {
  void* rsvg = open_library("librsvg-2.so.2");
  void* cairo = open_library("libcairo.so.2");
  void* gobject = open_library("libgobject-2.0.so.0");
  void* glib = open_library("libglib-2.0.so.0");
  rsvg_runtime r{};
  r.handle_new_from_data =
      find<decltype(r.handle_new_from_data)>(rsvg, "rsvg_handle_new_from_data");
  r.handle_render_document =
      find<decltype(r.handle_render_document)>(rsvg, "rsvg_handle_render_document");
  r.object_unref = find<decltype(r.object_unref)>(gobject, "g_object_unref");
  r.error_free = find<decltype(r.error_free)>(glib, "g_error_free");
  r.image_surface_create =
      find<decltype(r.image_surface_create)>(cairo, "cairo_image_surface_create");
  r.create = find<decltype(r.create)>(cairo, "cairo_create");
  r.destroy = find<decltype(r.destroy)>(cairo, "cairo_destroy");
  r.surface_destroy = find<decltype(r.surface_destroy)>(cairo, "cairo_surface_destroy");
  r.surface_write_to_png_stream =
      find<decltype(r.surface_write_to_png_stream)>(cairo, "cairo_surface_write_to_png_stream");
  r.status_to_string = find<decltype(r.status_to_string)>(cairo, "cairo_status_to_string");
  return r;
}

}  // namespace

const rsvg_runtime& rsvg() {
  // A static whose initializer throws is initialized again on the next call.
  static const rsvg_runtime runtime = open_runtime();
  return runtime;
}

}  // namespace landing::digest
