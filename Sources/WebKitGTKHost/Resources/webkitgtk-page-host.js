/*
 * The kit's side of a page in a real WebKitGTK web view, run as the first document-start user script:
 * the host object the clock shim (page-shim.js) calls, kept in the page, and window.__kitHost, which the
 * native page host evaluates to fire virtual timers, run the harness's scripts and take what the page
 * recorded. Called with the clock shim (a function expression) and the virtual time the page starts at.
 * Everything recorded goes into one log, in the order the page did it, read and emptied by
 * __kitHost.drain() as JSON: the native host keeps the task queue (as the simulated browser does) and
 * schedules timers, navigation requests, script messages and dialogs at their place in that log.
 */
(function (installClockShim, startTime, handlerNames) {
    "use strict";
    var global = window;
    var stringify = JSON.stringify;
    var now = startTime;
    var log = [];
    var timers = {};
    var nextTimerID = 1;
    var nativeDepth = 0;
    /* Whether the bridge global was in when each native evaluation under way started, innermost last. */
    var bridgeWasIn = [];
    /* Whether the bridge global was in when the user script under way started. */
    var bridgeWasInBeforeUserScript = false;

    /* Whether the page has the bridge global `name` (an object or a function): the JS side is in. */
    function bridgeIsIn(name) {
        try {
            var value = global[name];
            return value !== null && (typeof value === "object" || typeof value === "function");
        } catch (error) {
            return false;
        }
    }
    var parsed = false;
    /* What waits for the page's HTML and user scripts to have run (settle(true)). */
    var parsedWaiters = [];

    function json(value) {
        if (value === undefined) {
            return null;
        }
        try {
            var text = stringify(value);
            return text === undefined ? null : text;
        } catch (error) {
            return stringify("<not serializable: " + String(error) + ">");
        }
    }

    var host = {
        now: function () { return now; },
        pageURL: function () { return String(location.href); },
        scheduleTimer: function (delay, repeats) {
            var id = nextTimerID++;
            timers[id] = { repeats: repeats };
            log.push(["timerScheduled", id, delay, repeats]);
            return id;
        },
        cancelTimer: function (id) {
            if (timers[id]) {
                delete timers[id];
                log.push(["timerCancelled", id]);
            }
        },
        console: function (level, message, values) { log.push(["console", level, message, values]); },
        tripwire: function (label) { log.push(["tripwire", label]); },
        uncaughtError: function (message, url, line) { log.push(["uncaughtError", String(message), line]); }
    };
    /* The page's own timer and promise, kept before the clock shim replaces the timer (and a JS side either). */
    var realSetTimeout = global.setTimeout, RealPromise = global.Promise;
    var shim = installClockShim(host);

    /* What the page wrote into an iframe's src, before WebKit puts the URL in its normal form: the host names
       each navigation request as the page wrote it, as the simulation does. */
    function noteSource(value) {
        var written = String(value), resolved = null;
        try {
            resolved = new URL(written, document.baseURI).href;
        } catch (error) {
            resolved = null;
        }
        log.push(["navigationSource", written, resolved]);
    }
    var source = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, "src");
    Object.defineProperty(HTMLIFrameElement.prototype, "src", {
        configurable: true,
        enumerable: source.enumerable,
        get: function () { return source.get.call(this); },
        set: function (value) {
            noteSource(value);
            source.set.call(this, value);
        }
    });
    var setAttribute = Element.prototype.setAttribute;
    Element.prototype.setAttribute = function (name, value) {
        if (this instanceof HTMLIFrameElement && String(name).toLowerCase() === "src") {
            noteSource(value);
        }
        return setAttribute.apply(this, arguments);
    };

    /* Where in the page's order a dialog opened and a script message was posted: WebKit tells the native host
       of both on its own, and the host records each at its mark. */
    ["alert", "confirm", "prompt"].forEach(function (name) {
        var open = global[name];
        global[name] = function () {
            var result = open.apply(this, arguments);
            log.push(["dialogShown"]);
            return result;
        };
    });
    function markPosts(handlerNames) {
        var handlers = global.webkit && global.webkit.messageHandlers;
        for (var index = 0; handlers && index < handlerNames.length; index += 1) {
            var prototype = Object.getPrototypeOf(handlers[handlerNames[index]]);
            if (prototype && !prototype.__kitMarked) {
                var post = prototype.postMessage;
                Object.defineProperty(prototype, "__kitMarked", { value: true });
                prototype.postMessage = function () {
                    var result = post.apply(this, arguments);
                    log.push(["scriptMessagePosted"]);
                    return result;
                };
            }
        }
    }
    markPosts(handlerNames);

    /* A page script's own uncaught errors: the engine calls window.onerror itself; the kit records them. */
    global.addEventListener("error", function (event) {
        log.push(["uncaughtError", String(event.message), event.lineno || 0]);
    });

    global.__conformance = {
        handlerInvoked: function (name, data, hasResponder) {
            log.push(["jsHandlerInvoked", String(name), json(data), !!hasResponder, nativeDepth > 0]);
        },
        callbackInvoked: function (label, data) { log.push(["jsCallbackInvoked", String(label), json(data)]); },
        note: function (label, data) { log.push(["pageNote", String(label), json(data)]); },
        inNativeEvaluation: function () { return nativeDepth > 0; }
    };

    function run(source, sourceURL) {
        try {
            (0, eval)(source + "\n//# sourceURL=" + sourceURL);
        } catch (error) {
            shim.reportUncaught(String(error), sourceURL, error && error.line, error && error.column, error);
        }
    }

    function drain() {
        var taken = log;
        log = [];
        return stringify(taken);
    }

    Object.defineProperty(global, "__kitHost", {
        value: {
            /* Runs a script as the page's HTML would (the setup snippet, the page's script, a harness script). */
            run: run,
            /* Sets the virtual time before a task runs. */
            at: function (time) { now = time; },
            enterNative: function (bridgeGlobal) { nativeDepth += 1; bridgeWasIn.push(bridgeIsIn(bridgeGlobal)); },
            /* Ends a native evaluation; logs when the bridge global appeared while it ran. */
            leaveNative: function (bridgeGlobal) {
                nativeDepth -= 1;
                if (!bridgeWasIn.pop() && bridgeIsIn(bridgeGlobal)) { log.push(["nativeEvaluationInjected"]); }
            },
            /* The last document-end user script: the page's HTML and user scripts have run. */
            markParsed: function () {
                parsed = true;
                var waiters = parsedWaiters;
                parsedWaiters = [];
                for (var index = 0; index < waiters.length; index += 1) {
                    waiters[index]();
                }
            },
            /* Marks where a user script starts, so that the host records it there. */
            userScript: function (index, bridgeGlobal) {
                log.push(["userScript", index]);
                bridgeWasInBeforeUserScript = bridgeIsIn(bridgeGlobal);
            },
            /* Marks where a user script ends: the host records it there when the bridge global appeared in it. */
            userScriptEnd: function (bridgeGlobal) {
                if (!bridgeWasInBeforeUserScript && bridgeIsIn(bridgeGlobal)) { log.push(["javaScriptSideAppeared"]); }
            },
            /* Fires a timer the host's task queue says is due; false when the page cancelled it meanwhile. */
            fire: function (id, time) {
                now = time;
                var timer = timers[id];
                if (!timer) {
                    return false;
                }
                if (!timer.repeats) {
                    delete timers[id];
                }
                shim.fireTimer(id);
                return true;
            },
            now: function () { return now; },
            /* What the page recorded since the last drain, as JSON text. */
            drain: drain,
            /* drain() after one real timer turn of the page's: every navigation request, message and dialog its
               scripts caused has reached the native host by the time the answer does (WebKit delivers in order).
               With afterParsing, the turn starts once the page's HTML and user scripts have run. */
            settle: function (afterParsing) {
                return new RealPromise(function (resolve) {
                    function turn() {
                        realSetTimeout.call(global, function () { resolve(drain()); }, 0);
                    }
                    if (afterParsing && !parsed) {
                        parsedWaiters.push(turn);
                    } else {
                        turn();
                    }
                });
            }
        }
    });
})
