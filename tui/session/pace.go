package session

import (
	"time"
)

// frameEvery is the renderer's frame interval (60 frames a second): a
// stream that has not set its flush interval yet holds deltas this long.
const frameEvery = time.Second / 60

// pacer remembers when the stream last entered the loop and how long a run
// of deltas is held. Only the chain of commands that reads the stream
// touches last, one command at a time (onEvents sets every between two);
// drawn is the event loop's alone.
type pacer struct {
	Last  time.Time
	Every time.Duration // the flush interval: deltas are drawn at most this often
	Drawn time.Time     // when streamed deltas were last drawn
}

// Drawing reports whether streamed deltas are being drawn as they come:
// more are due within a flush interval or so, and their frame will show
// whatever else moved (the spinner) meanwhile.
func (p *pacer) Drawing(now time.Time) bool {
	return !p.Drawn.IsZero() && now.Sub(p.Drawn) < 2*p.Hold()
}

// Hold is how long a run of deltas waits for more.
func (p *pacer) Hold() time.Duration {
	if p.Every > 0 {
		return p.Every
	}
	return frameEvery
}
