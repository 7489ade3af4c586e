// A small C face of one WebKitGTK web view for the kit's Swift page host: signals become callbacks with plain
// C types, evaluations hand back JSON text, and policy decisions are held until the host decides them.
#ifndef WVJB_GTK_H
#define WVJB_GTK_H

#include <stdint.h>

typedef struct wvjb_gtk_view wvjb_gtk_view;

/// What the web view tells its host; `context` is handed back to every callback.
typedef struct {
    void *context;
    /// A navigation request, held (referenced) until `wvjb_gtk_decide`; `navigation_type` is WebKit's
    /// WebKitNavigationType; `is_new_window` for a request that would open a window.
    void (*decide_policy)(void *context, void *decision, const char *uri, int navigation_type, int is_new_window);
    /// A main-frame load event: 0 started, 1 redirected, 2 committed, 3 finished.
    void (*load_changed)(void *context, int event, const char *uri);
    /// A failed main-frame load.
    void (*load_failed)(void *context, const char *uri, const char *message);
    /// A page dialog: 0 alert, 1 confirm, 2 prompt, 3 before-unload. Answered at once: confirm with true,
    /// prompt with its default text.
    void (*script_dialog)(void *context, int type, const char *message);
    /// A script message to a registered handler, its body as JSON text (NULL when it has none).
    void (*script_message)(void *context, const char *name, const char *json);
    /// The web process ended (crashed, or was ended by `wvjb_gtk_view_terminate`).
    void (*web_process_terminated)(void *context, int reason);
} wvjb_gtk_callbacks;

/// The outcome of an evaluation: `kind` 0 a value (`json` holds it as JSON text, or NULL for `undefined`),
/// 1 a string (`json` holds the string itself), 2 an error (`json` holds its message).
typedef void (*wvjb_gtk_evaluation_done)(void *context, int kind, const char *json);

/// Starts GTK; returns 0 and sets `*error` (static text) when there is no display.
int wvjb_gtk_start(const char **error);

/// A web view with its own user content manager; callbacks are copied.
wvjb_gtk_view *wvjb_gtk_view_new(const wvjb_gtk_callbacks *callbacks);
void wvjb_gtk_view_free(wvjb_gtk_view *view);

void wvjb_gtk_view_load_html(wvjb_gtk_view *view, const char *html, const char *base_uri);
void wvjb_gtk_view_add_user_script(wvjb_gtk_view *view, const char *source, int at_document_start);
void wvjb_gtk_view_remove_all_user_scripts(wvjb_gtk_view *view);
int wvjb_gtk_view_register_message_handler(wvjb_gtk_view *view, const char *name);
void wvjb_gtk_view_unregister_message_handler(wvjb_gtk_view *view, const char *name);
void wvjb_gtk_view_terminate(wvjb_gtk_view *view);

/// Evaluates `script` in the page's world (`world` NULL) or an isolated one; `done` is called once.
void wvjb_gtk_view_evaluate(
    wvjb_gtk_view *view, const char *script, const char *world, void *context, wvjb_gtk_evaluation_done done);

/// Runs `body` as an async function in the page's world and calls `done` once with what its promise settled to.
void wvjb_gtk_view_call_async(wvjb_gtk_view *view, const char *body, void *context, wvjb_gtk_evaluation_done done);

/// Applies a held decision (`allow` nonzero: use; zero: ignore) and releases it.
void wvjb_gtk_decide(void *decision, int allow);

/// Runs one iteration of the default main context; returns nonzero when it dispatched something.
int wvjb_gtk_iterate(int may_block);

/// Blocks until the default main context dispatches something or `timeout_ms` pass; returns nonzero when
/// something other than the timeout was dispatched.
int wvjb_gtk_iterate_within(unsigned timeout_ms);

#endif
