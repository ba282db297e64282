package transcript

import "github.com/sophia-labs/vehicle/client"

// NoticeWords words a notice entry of the transcript as the TUI shows it,
// for other front ends (the screen-reader mode) to say the same.
func NoticeWords(e *client.Entry) string { return noticeWords(e) }
