package transcript

import "github.com/sophia-labs/vehicle/client"

// NoticeWords words a notice entry of the transcript as the TUI shows it,
// for other front ends (the screen-reader mode) to say the same, with what
// to do next when the TUI says it under the notice.
func NoticeWords(e *client.Entry) string {
	if next := noticeNext(e); next != "" {
		return noticeWords(e) + " — " + next
	}
	return noticeWords(e)
}

// Markdown renders an assistant's text as the transcript draws it (glamour
// in the transcript's style, wrapped to a width, SGR styling only), for
// other panes that show a reply (the picker's preview). It is not safe for
// concurrent use.
type Markdown struct{ md *markdown }

// NewMarkdown renders in the glamour style (theme.Styles.Markdown) at
// width cells.
func NewMarkdown(style string, width int) *Markdown {
	return &Markdown{md: newMarkdown(style, width)}
}

// Render draws src (already made inert: ui.Sanitize) as lines, blocks
// parted by blank lines.
func (m *Markdown) Render(src string) []string { return m.md.render(src, nil) }
