package tui

import "github.com/sophia-labs/vehicle/tui/notify"

// Desktop notification escapes a terminal may understand (Config.Desktop;
// tui/notify sends them).
const (
	DesktopOSC9   = notify.OSC9   // ESC ] 9 ; text BEL: iTerm2, WezTerm, Windows Terminal, kitty, ghostty
	DesktopOSC777 = notify.OSC777 // ESC ] 777 ; notify ; title ; text BEL: rxvt-unicode, foot, VTE terminals
	DesktopOff    = notify.Off    // no desktop notification
)
