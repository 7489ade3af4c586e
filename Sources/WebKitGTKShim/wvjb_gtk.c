// The C face of one WebKitGTK web view (see wvjb_gtk.h).
#include "wvjb_gtk.h"

#include <gtk/gtk.h>
#include <jsc/jsc.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <webkit2/webkit2.h>

struct wvjb_gtk_view {
    WebKitWebView *web_view;
    WebKitUserContentManager *content;
    wvjb_gtk_callbacks callbacks;
};

// The view every case's view is related to, so that they share its web process: starting a web process for each
// view was most of a run's time. Replaced after a view's web process is terminated (which ends it for all).
static WebKitWebView *process_anchor;

static WebKitWebView *anchor(void) {
    if (!process_anchor) process_anchor = WEBKIT_WEB_VIEW(g_object_ref_sink(webkit_web_view_new()));
    return process_anchor;
}

int wvjb_gtk_start(const char **error) {
    if (!gtk_init_check(NULL, NULL)) {
        *error = "GTK could not open a display";
        return 0;
    }
    // WebKit must set up its main run loop before JavaScriptCore runs anything in this process (the kit's
    // simulated engine shares the library): a JSContext made first leaves WebKit's signals undelivered.
    // Making a web view (the process anchor) does that setup.
    anchor();
    return 1;
}

static gboolean on_decide_policy(
    WebKitWebView *web_view, WebKitPolicyDecision *decision, WebKitPolicyDecisionType type, gpointer data) {
    wvjb_gtk_view *view = data;
    if (g_getenv("WVJB_GTK_DEBUG")) fprintf(stderr, "decide-policy type %d\n", (int)type);
    if (type == WEBKIT_POLICY_DECISION_TYPE_RESPONSE) {
        webkit_policy_decision_use(decision);
        return TRUE;
    }
    WebKitNavigationAction *action =
        webkit_navigation_policy_decision_get_navigation_action(WEBKIT_NAVIGATION_POLICY_DECISION(decision));
    const char *uri = webkit_uri_request_get_uri(webkit_navigation_action_get_request(action));
    g_object_ref(decision);
    view->callbacks.decide_policy(
        view->callbacks.context, decision, uri ? uri : "", (int)webkit_navigation_action_get_navigation_type(action),
        type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION);
    return TRUE;
}

static void on_load_changed(WebKitWebView *web_view, WebKitLoadEvent event, gpointer data) {
    if (g_getenv("WVJB_GTK_DEBUG")) fprintf(stderr, "load-changed %d %s\n", (int)event, webkit_web_view_get_uri(web_view));
    wvjb_gtk_view *view = data;
    const char *uri = webkit_web_view_get_uri(web_view);
    view->callbacks.load_changed(view->callbacks.context, (int)event, uri ? uri : "");
}

static gboolean on_load_failed(
    WebKitWebView *web_view, WebKitLoadEvent event, gchar *uri, GError *error, gpointer data) {
    wvjb_gtk_view *view = data;
    view->callbacks.load_failed(view->callbacks.context, uri ? uri : "", error ? error->message : "");
    return TRUE;
}

static gboolean on_script_dialog(WebKitWebView *web_view, WebKitScriptDialog *dialog, gpointer data) {
    wvjb_gtk_view *view = data;
    WebKitScriptDialogType type = webkit_script_dialog_get_dialog_type(dialog);
    const char *message = webkit_script_dialog_get_message(dialog);
    if (type == WEBKIT_SCRIPT_DIALOG_CONFIRM) webkit_script_dialog_confirm_set_confirmed(dialog, TRUE);
    if (type == WEBKIT_SCRIPT_DIALOG_PROMPT) {
        const char *text = webkit_script_dialog_prompt_get_default_text(dialog);
        webkit_script_dialog_prompt_set_text(dialog, text ? text : "");
    }
    view->callbacks.script_dialog(view->callbacks.context, (int)type, message ? message : "");
    return TRUE;
}

typedef struct {
    wvjb_gtk_view *view;
    char *name;
} message_binding;

static void on_named_script_message(WebKitUserContentManager *content, WebKitJavascriptResult *result, gpointer data) {
    message_binding *binding = data;
    JSCValue *value = webkit_javascript_result_get_js_value(result);
    char *json = jsc_value_is_undefined(value) ? NULL : jsc_value_to_json(value, 0);
    binding->view->callbacks.script_message(binding->view->callbacks.context, binding->name, json);
    g_free(json);
}

static void free_binding(gpointer data, GClosure *closure) {
    message_binding *binding = data;
    g_free(binding->name);
    g_free(binding);
}

static void on_web_process_terminated(WebKitWebView *web_view, WebKitWebProcessTerminationReason reason, gpointer data) {
    wvjb_gtk_view *view = data;
    view->callbacks.web_process_terminated(view->callbacks.context, (int)reason);
}

wvjb_gtk_view *wvjb_gtk_view_new(const wvjb_gtk_callbacks *callbacks) {
    wvjb_gtk_view *view = g_new0(wvjb_gtk_view, 1);
    view->callbacks = *callbacks;
    view->content = webkit_user_content_manager_new();
    view->web_view = WEBKIT_WEB_VIEW(
        g_object_new(WEBKIT_TYPE_WEB_VIEW, "related-view", anchor(), "user-content-manager", view->content, NULL));
    g_object_ref_sink(view->web_view);
    g_signal_connect(view->web_view, "decide-policy", G_CALLBACK(on_decide_policy), view);
    g_signal_connect(view->web_view, "load-changed", G_CALLBACK(on_load_changed), view);
    g_signal_connect(view->web_view, "load-failed", G_CALLBACK(on_load_failed), view);
    g_signal_connect(view->web_view, "script-dialog", G_CALLBACK(on_script_dialog), view);
    g_signal_connect(view->web_view, "web-process-terminated", G_CALLBACK(on_web_process_terminated), view);
    return view;
}

void wvjb_gtk_view_free(wvjb_gtk_view *view) {
    g_signal_handlers_disconnect_by_data(view->web_view, view);
    g_signal_handlers_disconnect_matched(view->content, G_SIGNAL_MATCH_FUNC, 0, 0, NULL, on_named_script_message, NULL);
    g_object_unref(view->web_view);
    g_object_unref(view->content);
    g_free(view);
}

void wvjb_gtk_view_load_html(wvjb_gtk_view *view, const char *html, const char *base_uri) {
    webkit_web_view_load_html(view->web_view, html, base_uri);
}

void wvjb_gtk_view_add_user_script(wvjb_gtk_view *view, const char *source, int at_document_start) {
    WebKitUserScript *script = webkit_user_script_new(
        source, WEBKIT_USER_CONTENT_INJECT_TOP_FRAME,
        at_document_start ? WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START : WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END,
        NULL, NULL);
    webkit_user_content_manager_add_script(view->content, script);
    webkit_user_script_unref(script);
}

void wvjb_gtk_view_remove_all_user_scripts(wvjb_gtk_view *view) {
    webkit_user_content_manager_remove_all_scripts(view->content);
}

int wvjb_gtk_view_register_message_handler(wvjb_gtk_view *view, const char *name) {
    if (!webkit_user_content_manager_register_script_message_handler(view->content, name)) return 0;
    message_binding *binding = g_new0(message_binding, 1);
    binding->view = view;
    binding->name = g_strdup(name);
    char *signal = g_strdup_printf("script-message-received::%s", name);
    g_signal_connect_data(view->content, signal, G_CALLBACK(on_named_script_message), binding, free_binding, 0);
    g_free(signal);
    return 1;
}

void wvjb_gtk_view_unregister_message_handler(wvjb_gtk_view *view, const char *name) {
    webkit_user_content_manager_unregister_script_message_handler(view->content, name);
    GQuark detail = g_quark_from_string(name);
    guint signal_id = g_signal_lookup("script-message-received", WEBKIT_TYPE_USER_CONTENT_MANAGER);
    g_signal_handlers_disconnect_matched(
        view->content, G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_DETAIL | G_SIGNAL_MATCH_FUNC, signal_id, detail, NULL,
        on_named_script_message, NULL);
}

void wvjb_gtk_view_terminate(wvjb_gtk_view *view) {
    webkit_web_view_terminate_web_process(view->web_view);
    // The shared web process is gone: the next view starts a new one.
    g_clear_object(&process_anchor);
}

typedef struct {
    void *context;
    wvjb_gtk_evaluation_done done;
} pending_evaluation;

static void hand_over(pending_evaluation *pending, JSCValue *value, GError *error) {
    if (error) {
        pending->done(pending->context, 2, error->message);
        g_error_free(error);
    } else if (jsc_value_is_string(value)) {
        char *text = jsc_value_to_string(value);
        pending->done(pending->context, 1, text);
        g_free(text);
    } else {
        char *json = jsc_value_is_undefined(value) ? NULL : jsc_value_to_json(value, 0);
        pending->done(pending->context, 0, json);
        g_free(json);
    }
    if (value) g_object_unref(value);
    g_free(pending);
}

static void on_evaluated(GObject *object, GAsyncResult *result, gpointer data) {
    GError *error = NULL;
    JSCValue *value = webkit_web_view_evaluate_javascript_finish(WEBKIT_WEB_VIEW(object), result, &error);
    hand_over(data, value, error);
}

static void on_called(GObject *object, GAsyncResult *result, gpointer data) {
    GError *error = NULL;
    JSCValue *value = webkit_web_view_call_async_javascript_function_finish(WEBKIT_WEB_VIEW(object), result, &error);
    hand_over(data, value, error);
}

void wvjb_gtk_view_call_async(wvjb_gtk_view *view, const char *body, void *context, wvjb_gtk_evaluation_done done) {
    pending_evaluation *pending = g_new0(pending_evaluation, 1);
    pending->context = context;
    pending->done = done;
    webkit_web_view_call_async_javascript_function(
        view->web_view, body, -1, NULL, NULL, NULL, NULL, on_called, pending);
}

void wvjb_gtk_view_evaluate(
    wvjb_gtk_view *view, const char *script, const char *world, void *context, wvjb_gtk_evaluation_done done) {
    pending_evaluation *pending = g_new0(pending_evaluation, 1);
    pending->context = context;
    pending->done = done;
    webkit_web_view_evaluate_javascript(view->web_view, script, -1, world, NULL, NULL, on_evaluated, pending);
}

void wvjb_gtk_decide(void *decision, int allow) {
    if (allow) {
        webkit_policy_decision_use(WEBKIT_POLICY_DECISION(decision));
    } else {
        webkit_policy_decision_ignore(WEBKIT_POLICY_DECISION(decision));
    }
    g_object_unref(decision);
}

int wvjb_gtk_iterate(int may_block) { return g_main_context_iteration(NULL, may_block ? TRUE : FALSE); }

static gboolean wvjb_gtk_wake(gpointer fired) {
    *(gboolean *)fired = TRUE;
    return G_SOURCE_REMOVE;
}

int wvjb_gtk_iterate_within(unsigned timeout_ms) {
    // A one-shot timer bounds the blocking iteration: whatever arrives first (a reply from the web process, a
    // signal, the timer) ends it, without the latency of polling.
    gboolean fired = FALSE;
    guint timer = g_timeout_add(timeout_ms, wvjb_gtk_wake, &fired);
    g_main_context_iteration(NULL, TRUE);
    if (fired) return 0;
    g_source_remove(timer);
    return 1;
}
