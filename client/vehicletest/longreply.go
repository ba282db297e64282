package vehicletest

import (
	"fmt"
	"strings"
)

// LongReply is a markdown reply of about 20 KB, the same every time, ending
// with the line last: sections with a heading, prose with emphasis and inline
// code, a list, a code block and a quote, as an assistant's long answer has
// (the reply the benchmarks and scripts/quietbench stream).
func LongReply(last string) string {
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
	b.WriteString(last + "\n")
	return b.String()
}
