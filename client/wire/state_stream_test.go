package wire_test

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sophia-labs/vehicle/client/wire"
)

// TestStreamKeepsItsEnd (issue 27, item 11): an endless reply grew the
// state without limit. 4 MiB of deltas (8 times what is kept, cut again and
// again) leave at
// most 2*StreamKeep bytes of text, its end, with Cut saying how much of its
// start went; the message.completed brings the whole text back.
func TestStreamKeepsItsEnd(t *testing.T) {
	t.Parallel()
	para := strings.Repeat("The lease says who drives, renewed before it runs out. ", 18) + "\n\n" // about 1 KiB
	cases := []struct {
		name  string
		delta func(i int) string
		n     int
	}{
		{"paragraphs, 4 KiB a delta", func(i int) string { return strings.Repeat(para, 4) }, 1 << 10},
		{"one line, wide runes", func(i int) string { return strings.Repeat("日本語のテキスト", 170) }, 512},
		{"deltas of 1 MiB", func(i int) string { return strings.Repeat(para, 1<<10) }, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := wire.NewState(stMe(), stSnapshot())
			var whole strings.Builder
			whole.Grow(c.n * len(c.delta(0)))
			events := map[string]wire.Event{} // a delta's event, made once
			for i := range c.n {
				d := c.delta(i)
				whole.WriteString(d)
				ev, ok := events[d]
				if !ok {
					ev = stDelta(t, "m1", d)
					events[d] = ev
				}
				s.Apply(ev)
				if i%64 != 0 && i != c.n-1 {
					continue
				}
				e := s.Entries[len(s.Entries)-1]
				if !e.Streaming || len(e.Text) > 2*wire.StreamKeep || int(e.Cut)+len(e.Text) != whole.Len() ||
					!strings.HasSuffix(whole.String(), e.Text) || !utf8.ValidString(e.Text) {
					t.Fatalf("after %d bytes of deltas the entry keeps %d bytes (cut %d), streaming %v: not the end of the text, bounded",
						whole.Len(), len(e.Text), e.Cut, e.Streaming)
				}
			}
			if e := s.Entries[len(s.Entries)-1]; whole.Len() > 2*wire.StreamKeep && (e.Cut == 0 || len(e.Text) < wire.StreamKeep/2) {
				t.Errorf("%d bytes streamed: cut %d, %d kept", whole.Len(), e.Cut, len(e.Text))
			}
			v, _ := json.Marshal(wire.MessageValue{EntryID: "e5", MessageID: "m1", Role: "assistant", Text: whole.String()})
			s.Apply(wire.Event{Protocol: wire.Protocol, Type: wire.EvMessageCompleted, Seq: 11, At: stAt(5),
				SessionID: "s1", Value: v}) // stEvent would parse the whole frame once more
			e := s.Entries[len(s.Entries)-1]
			if e.Streaming || e.Cut != 0 || e.Text != whole.String() {
				t.Errorf("completed: streaming %v, cut %d, %d bytes of %d", e.Streaming, e.Cut, len(e.Text), whole.Len())
			}
		})
	}
}

// TestStreamCutThatNeverCompletes: a streamed reply whose run settles with
// no message.completed keeps its end, its Cut saying what is not there.
func TestStreamCutThatNeverCompletes(t *testing.T) {
	s := wire.NewState(stMe(), stSnapshot())
	d := strings.Repeat("a few words of a reply\n", 1000)
	for range 60 {
		s.Apply(stDelta(t, "m1", d))
	}
	s.Apply(stEvent(t, 11, 5, wire.EvRunSettled, `{"runId":"r1","stopReason":"stop"}`))
	e := s.Entries[len(s.Entries)-1]
	if e.Streaming || e.Cut == 0 || int(e.Cut)+len(e.Text) != 60*len(d) {
		t.Errorf("settled: streaming %v, cut %d, kept %d of %d", e.Streaming, e.Cut, len(e.Text), 60*len(d))
	}
}
