#ifndef CJAVASCRIPTCORE_SHIM_H
#define CJAVASCRIPTCORE_SHIM_H

/*
 * The JavaScriptCore C API, as shipped by WebKitGTK.
 *
 * On Debian and Ubuntu it comes from the package libjavascriptcoregtk-4.1-dev:
 *     sudo apt-get install -y libjavascriptcoregtk-4.1-dev
 * SwiftPM finds the include path through pkg-config (javascriptcoregtk-4.1).
 */
#if defined(__APPLE__)
#  include <JavaScriptCore/JavaScriptCore.h>
#elif __has_include(<JavaScriptCore/JavaScript.h>)
#  include <JavaScriptCore/JavaScript.h>
#else
#  error "JavaScriptCore headers not found. Install them with: sudo apt-get install -y libjavascriptcoregtk-4.1-dev (pkg-config package javascriptcoregtk-4.1), then rebuild."
#endif

#include <stdbool.h>

/*
 * Declared in JavaScriptCore's private header JSContextRefPrivate.h and exported by the library:
 * stops a script that runs longer than `limit` seconds when `callback` returns true.
 */
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);
void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit,
                                         JSShouldTerminateCallback callback, void *context);
void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);

/*
 * Also from JSContextRefPrivate.h: the JavaScript stack of `ctx` as text, one frame a line
 * ("#0 name() at source:line"), at most `maxStackSize` frames. Called when the watchdog stops a script,
 * to say whose code was running.
 */
JSStringRef JSContextCreateBacktrace(JSContextRef ctx, unsigned maxStackSize);

#endif
