// Package refs is the context refs: ids of what the person has open
// (documents, nodes) that the next text command (a prompt, a follow-up or a
// steer) carries as its contextRefs, shown as chips over the composer. They
// clear once the host takes the command; a refused send gives them back
// with its text. Chimes carry none. The root tells it what the person
// asked (/ref, /unref, the unref key) and what a send did; it answers in
// words for the status line (ui.Note), reads the shared ui.Context and
// never writes it.
package refs

import (
	"strings"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// refMax bounds one ref's length, in runes.
const refMax = 200

// chip is the mark of one ref in the chips line.
const chip = "⊕ "

// Refs is the context refs attached, in order.
type Refs struct {
	ctx *ui.Context
	ids []string
}

// New is the refs of ctx, ids attached (each once).
func New(ctx *ui.Context, ids ...string) *Refs {
	return &Refs{ctx: ctx, ids: add(nil, ids...)}
}

// IDs is the refs attached, in order: what the next text command carries.
func (r *Refs) IDs() []string { return r.ids }

// Clear drops them all: a text command took them.
func (r *Refs) Clear() { r.ids = nil }

// GiveBack puts in front the refs a refused send carried, before those
// attached since.
func (r *Refs) GiveBack(ids []string) { r.ids = add(ids, r.ids...) }

// check reports why id cannot be a ref, "" when it can.
func check(id string) string {
	switch {
	case id == "":
		return "say the id: /ref ID"
	case len([]rune(id)) > refMax:
		return "that id is longer than 200 characters: is it an id?"
	case ui.SanitizeLine(id) != id:
		return "an id has no control characters: /ref ID"
	}
	return ""
}

// add adds ids not yet in refs, in order.
func add(refs []string, ids ...string) []string {
	for _, id := range ids {
		if !contains(refs, id) {
			refs = append(refs, id)
		}
	}
	return refs
}

// contains reports whether refs holds id.
func contains(refs []string, id string) bool {
	for _, r := range refs {
		if r == id {
			return true
		}
	}
	return false
}

// drop is refs without id.
func drop(refs []string, id string) []string {
	var kept []string
	for _, r := range refs {
		if r != id {
			kept = append(kept, r)
		}
	}
	return kept
}

// Ref attaches the ids of "/ref ID…", or drops those written "-ID", and
// says what the next message carries; a refusal (a bad id, one to drop not
// attached) is its words, and nothing changed.
func (r *Refs) Ref(arg string) (said ui.Action, refusal string) {
	ids := strings.Fields(arg)
	if len(ids) == 0 {
		return nil, "say the id: /ref ID attaches it to your next message (/ref -ID drops it)"
	}
	next := append([]string(nil), r.ids...)
	for _, id := range ids {
		if rest, ok := strings.CutPrefix(id, "-"); ok {
			if !contains(next, rest) {
				return nil, "“" + ui.SanitizeLine(rest) + "” is not attached: " + r.Summary()
			}
			next = drop(next, rest)
			continue
		}
		if why := check(id); why != "" {
			return nil, why
		}
		next = add(next, id)
	}
	r.ids = next
	return ui.Note{Text: r.Summary()}, ""
}

// Unref drops one ref ("/unref ID"), or all of them, and says so; a
// refusal (an id not attached) is its words.
func (r *Refs) Unref(arg string) (said ui.Action, refusal string) {
	id := strings.TrimSpace(arg)
	switch {
	case id == "":
		r.ids = nil
		return ui.Note{Text: "context refs dropped"}, ""
	case !contains(r.ids, id):
		return nil, "“" + ui.SanitizeLine(id) + "” is not attached: " + r.Summary()
	}
	r.ids = drop(r.ids, id)
	return ui.Note{Text: r.Summary()}, ""
}

// DropLast drops the last ref attached (the unref key), and says so.
func (r *Refs) DropLast() ui.Action {
	if len(r.ids) == 0 {
		return ui.Note{Text: "no context refs to drop: /ref ID attaches one"}
	}
	last := r.ids[len(r.ids)-1]
	r.ids = r.ids[:len(r.ids)-1]
	return ui.Note{Text: "dropped " + ui.SanitizeLine(last) + " · " + r.Summary()}
}

// Summary says what the next message carries.
func (r *Refs) Summary() string {
	if len(r.ids) == 0 {
		return "no context refs attached"
	}
	return "your next message carries " + strings.Join(r.ids, ", ") + " · " +
		ui.KeyName(r.ctx.Keys.Unref) + " drops the last"
}

// Lines is the chips line over the composer, width wide; none without
// refs, or watching (nothing is sent).
func (r *Refs) Lines(width int) []string {
	if len(r.ids) == 0 || r.ctx.Watch {
		return nil
	}
	st := r.ctx.Styles
	chips := make([]string, len(r.ids))
	for i, id := range r.ids {
		chips[i] = st.Key.Render(chip + ui.SanitizeLine(id))
	}
	line := strings.Join(chips, " ") + st.KeyDesc.Render(" · "+ui.KeyName(r.ctx.Keys.Unref)+" drops the last")
	return []string{xansi.Truncate(line, width, "…")}
}
