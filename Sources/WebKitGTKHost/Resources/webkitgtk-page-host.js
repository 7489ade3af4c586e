/*
 * The kit's side of a page in a real WebKitGTK web view, run as the first document-start user script:
 * the host object the clock shim (page-shim.js) calls, kept in the page, and window.__kitHost, which the
 * native page host evaluates to fire virtual timers, run the harness's scripts and take what the page
 * recorded. Called with the clock shim (a function expression) and the virtual time the page starts at.
 * Everything recorded goes into one log, read and emptied by __kitHost.drain() as JSON.
 */
(function (installClockShim, startTime) {
    "use strict";
    var global = window;
    var stringify = JSON.stringify;
    var now = startTime;
    var log = [];
    var timers = {};
    var nextTimerID = 1;
    var nextSequence = 1;
    var nativeDepth = 0;

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
            timers[id] = { due: now + delay, delay: delay, repeats: repeats, sequence: nextSequence++ };
            log.push(["timerScheduled", id, delay, repeats]);
            return id;
        },
        cancelTimer: function (id) { delete timers[id]; },
        console: function (level, message, values) { log.push(["console", level, message, values]); },
        tripwire: function (label) { log.push(["tripwire", label]); },
        uncaughtError: function (message, url, line) { log.push(["uncaughtError", String(message), line]); }
    };
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

    Object.defineProperty(global, "__kitHost", {
        value: {
            /* Runs a script as the page's HTML would (the setup snippet, the page's script, a harness script). */
            run: run,
            enterNative: function () { nativeDepth += 1; },
            leaveNative: function () { nativeDepth -= 1; },
            /* Fires the earliest timer due by `deadline` (virtual ms); returns its id, or 0 when none is due. */
            fireNext: function (deadline) {
                var best = null, bestID = 0;
                for (var key in timers) {
                    var timer = timers[key];
                    if (timer.due <= deadline && (best === null || timer.due < best.due
                            || (timer.due === best.due && timer.sequence < best.sequence))) {
                        best = timer;
                        bestID = Number(key);
                    }
                }
                if (best === null) {
                    return 0;
                }
                if (best.due > now) {
                    now = best.due;
                }
                if (best.repeats) {
                    best.due = now + Math.max(best.delay, 1);
                    best.sequence = nextSequence++;
                } else {
                    delete timers[bestID];
                }
                log.push(["timerFired", bestID]);
                shim.fireTimer(bestID);
                return bestID;
            },
            /* The timers still pending, as [id, due] pairs. */
            pendingTimers: function () {
                var pending = [];
                for (var key in timers) {
                    pending.push([Number(key), timers[key].due]);
                }
                return stringify(pending);
            },
            now: function () { return now; },
            /* What the page recorded since the last drain, as JSON text. */
            drain: function () {
                var taken = log;
                log = [];
                return stringify(taken);
            }
        }
    });
})
