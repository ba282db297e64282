package transcript

import "github.com/sophia-labs/vehicle/client/wire"

// NoticeWords words a notice entry of the transcript as the TUI shows it,
// for other front ends (the screen-reader mode) to say the same, with what
// to do next when the TUI says it under the notice.
func NoticeWords(e *wire.Entry) string {
	if next := noticeNext(e); next != "" {
		return noticeWords(e) + " — " + next
	}
	return noticeWords(e)
}
