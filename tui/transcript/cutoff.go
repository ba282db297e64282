package transcript

import (
	"strings"

	"github.com/sophia-labs/vehicle/client/wire"
)

// A reply a run was aborted in the middle of keeps the text streamed so
// far: the host completes it with that text (or the stream just ends), so
// it would read as a whole reply. It is marked as cut off, under its text.

// cutOff reports whether entry i of es is a reply cut off by an abort: an
// assistant message with no tool calls (a reply that asked for a tool had
// ended its text) followed at once by the notice of an aborted run. The
// budget guard stops a run between turns, after its own notice, so a reply
// it follows is whole.
func cutOff(es []wire.Entry, i int) bool {
	e := &es[i]
	if e.Kind != wire.EntryMessage || e.Role != wire.RoleAssistant || e.Streaming || len(e.ToolCalls) > 0 || i+1 >= len(es) {
		return false
	}
	n := &es[i+1]
	return n.Kind == wire.EntryNotice && (n.Notice == "run aborted" || strings.HasPrefix(n.Notice, "run aborted:"))
}

// cutLine is the mark under a reply cut off by an abort.
func (r *renderer) cutLine() string {
	return r.fit(BodyIndent + r.st.Notice.Render("✂ cut off: the run was aborted before this reply ended"))
}

// withCut is entry i's lines with the cut-off mark under them when it is a
// reply cut off by an abort (the cached lines are left as they are).
func (t *Transcript) withCut(es []wire.Entry, i int, l []string) []string {
	if !cutOff(es, i) {
		return l
	}
	return append(l[:len(l):len(l)], t.r.cutLine())
}
