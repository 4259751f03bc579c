#!/usr/bin/python3
"""
The browser WebKitWebDriver drives in the e2e suite: one bare WebKitGTK window, nothing else.

Debian's MiniBrowser has a toolbar that keeps its window at least 447 px wide, so it cannot show
a 375 px phone layout; this window is all web view, so the size WebDriver sets is the viewport.
It also prints the page's console (errors, warnings) to stderr, where the suite reads it: the
classic WebDriver protocol has no console of its own.

Options: --no-javascript turns scripts off; --reduced-motion makes the page see
prefers-reduced-motion: reduce (WebKitGTK follows GTK's gtk-enable-animations setting).
"""
import os
import sys
import tempfile

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

Gtk.Settings.get_default().set_property(
    "gtk-enable-animations", "--reduced-motion" not in sys.argv
)

# WebKit writes console messages to stdout; the driver passes stderr on to the suite.
os.dup2(2, 1)

# A fresh profile per session. (An ephemeral data manager would do, but WebKitGTK 2.50 then drops
# the console messages.)
profile = tempfile.TemporaryDirectory(prefix="webkit-e2e-")
context = WebKit2.WebContext(
    website_data_manager=WebKit2.WebsiteDataManager(
        base_data_directory=profile.name, base_cache_directory=profile.name
    )
)
context.set_automation_allowed(True)


def create_view(_session):
    settings = WebKit2.Settings(
        enable_write_console_messages_to_stdout=True,
        enable_javascript="--no-javascript" not in sys.argv,
    )
    # Composited by the CPU, not through GL: Xvfb's GL is Mesa drawing in software too, and the
    # detour cost more than the page's own painting. WebGL still runs (the emblem is live). Four
    # journeys at 1280 px took 49.6 CPU-s in WebKit and 8.9 in Xvfb with GL, 33.8 and 1.5
    # without, in the same time (2026-12-07).
    settings.set_hardware_acceleration_policy(WebKit2.HardwareAccelerationPolicy.NEVER)
    view = WebKit2.WebView(
        web_context=context, settings=settings, is_controlled_by_automation=True
    )
    window = Gtk.Window()
    window.add(view)
    view.connect("close", lambda _view: window.destroy())
    window.connect("destroy", lambda _window: Gtk.main_quit())
    window.show_all()
    return view


def automation_started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name("landing-e2e")
    info.set_version(1, 0, 0)
    session.set_application_info(info)
    session.connect("create-web-view", create_view)


context.connect("automation-started", automation_started)
Gtk.main()
profile.cleanup()
