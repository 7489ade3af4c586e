// WebKitGTK 4.1 and its JavaScriptCore, as pkg-config's webkit2gtk-4.1 finds them.
#include <gtk/gtk.h>
#include <webkit2/webkit2.h>
#include <jsc/jsc.h>
