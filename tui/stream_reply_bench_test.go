package tui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui/session"
)

// benchReply is a markdown reply of about 20 KB as an assistant writes one,
// the shape of scripts/quietbench's: sections with a heading, prose with
// emphasis and inline code, a list, and a code block or a quote.
func benchReply() string {
	topics := [...]string{"Leases", "Commands", "Runs", "The room", "Budgets", "Mirrors", "Tools", "Streams"}
	var b strings.Builder
	b.WriteString("# How the vehicle keeps a session\n\n")
	for i := 1; b.Len() < 19800; i++ {
		topic := topics[i%len(topics)]
		fmt.Fprintf(&b, "## %d. %s\n\n", i, topic)
		fmt.Fprintf(&b, "The **%s** part of a session is kept by the host, and every change to it is an event "+
			"with a `seq`. A client that reads the stream folds each event into its state, in order, "+
			"and a client that reconnects asks for the events after the last `seq` it saw, so it misses "+
			"none and sees none twice. *This is why* a terminal can close and open again without losing "+
			"its place in section %d.\n\n", strings.ToLower(topic), i)
		fmt.Fprintf(&b, "- the lease says who drives: one client at a time, renewed before it runs out\n"+
			"- a prompt is a command: `accepted`, then `delivered`, then `completed` or `failed`\n"+
			"- the room holds chimes from collaborators until the driver accepts one (%d so far)\n\n", i*3)
		if i%2 == 0 {
			fmt.Fprintf(&b, "```go\nfor st.Next() {\n\tev := st.Current()\n\tstate.Apply(ev) // section %d\n\tif ev.Type == \"run.settled\" {\n\t\tbreak\n\t}\n}\n```\n\n", i)
		} else {
			fmt.Fprintf(&b, "> A reply streams as `message.delta` events; the `message.completed` with the same id "+
				"replaces the text streamed so far (section %d).\n\n", i)
		}
	}
	b.WriteString("That is the whole reply, all of it streamed.\n")
	return b.String()
}

// streamBatches is a reply's deltas as the focused session's stream hands
// them to the loop: 2,000 deltas, six to a batch (a 60 ms flush interval at
// 100 deltas a second).
func streamBatches(m *Model, messageID string) []session.EventsMsg {
	pieces := vehicletest.Split(benchReply(), 2000)
	var out []session.EventsMsg
	for i := 0; i < len(pieces); i += 6 {
		var evs []client.Event
		for _, p := range pieces[i:min(i+6, len(pieces))] {
			evs = append(evs, delta(m, messageID, p).Ev)
		}
		out = append(out, session.EventsMsg{Gen: m.tiles.Gen(), Evs: evs})
	}
	return out
}

// BenchmarkStreamReply streams the 20 KB reply into an open session at
// 120x40, a batch of six deltas at a time, each batch drawn as the loop
// draws it (Update, then View), then its message.completed: what a streamed
// reply costs the model, the renderer's work on the frames aside. One
// iteration is one whole reply, each a new message of the same session.
func BenchmarkStreamReply(b *testing.B) {
	m := openBig(b, 20)
	text, _ := json.Marshal(benchReply())
	i := 0
	for b.Loop() {
		b.StopTimer()
		i++
		id := fmt.Sprintf("m-bench-%d", i)
		batches := streamBatches(m, id)
		done := on(m, event(int64(100+i), client.EvMessageCompleted, fmt.Sprintf(
			`{"entryId":"e-bench-%d","messageId":%q,"role":"assistant","text":%s,"timestamp":"2026-10-14T09:31:00Z"}`, i, id, text)))
		b.StartTimer()
		for _, msg := range batches {
			m.Update(msg)
			m.View()
		}
		m.Update(done)
		m.View()
	}
}
