package wire_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/client/wire/wiretest"
)

// The values most state tests fold (client/wire/wiretest), by their names
// here.
var (
	stTS       = wiretest.TS
	stAt       = wiretest.At
	stMe       = wiretest.Me
	stEvent    = wiretest.Event
	stSnapshot = wiretest.Snapshot
)

// stDelta builds an ephemeral message.delta.
func stDelta(t testing.TB, messageID, text string) wire.Event {
	t.Helper()
	v, _ := json.Marshal(wire.DeltaValue{RunID: "r1", MessageID: messageID, Delta: text})
	return stEvent(t, 0, 0, wire.EvMessageDelta, string(v))
}

// stDump renders a state as stable text, for goldens and failure messages.
func stDump(s *wire.State) string {
	var b strings.Builder
	title := "<nil>"
	if s.Session.Title != nil {
		title = fmt.Sprintf("%q", *s.Session.Title)
	}
	fmt.Fprintf(&b, "session %s title=%s display=%q status=%s body=%s policy=%s\n",
		s.Session.SessionID, title, s.Title(), s.Session.Status, s.Session.Body, s.Session.RoomPolicy)
	fmt.Fprintf(&b, "me %s/%s cursor=%d seen=%s\n", s.Me.Principal, s.Me.ClientID, s.Cursor, stTime(s.SeenAt))
	rel, holder := s.Lease()
	if holder != nil {
		fmt.Fprintf(&b, "lease %s %s/%s until %s\n", rel, holder.Principal, holder.ClientID, stTime(holder.ExpiresAt))
	} else {
		fmt.Fprintf(&b, "lease %s\n", rel)
	}
	if s.Revoked != nil {
		fmt.Fprintf(&b, "revoked %s by=%s reason=%s\n", s.Revoked.ClientID, s.Revoked.By, s.Revoked.Reason)
	}
	fmt.Fprintf(&b, "run %s id=%s usage=%d turns $%.4f\n", s.Run, s.RunID, s.Usage.Turns, s.Usage.CostUSD)
	if s.LastError != "" {
		fmt.Fprintf(&b, "error %q\n", s.LastError)
	}
	if s.Deleted {
		fmt.Fprintf(&b, "deleted trashedAs=%s\n", s.TrashedAs)
	}
	m := s.Mirror
	fmt.Fprintf(&b, "mirror %s doc=%s folder=%s", m.State, m.DocumentID, m.Folder)
	if m.WrittenAt != nil {
		fmt.Fprintf(&b, " writtenAt=%s", stTime(*m.WrittenAt))
	}
	if m.Error != "" {
		fmt.Fprintf(&b, " error=%q", m.Error)
	}
	b.WriteString("\n")
	for _, c := range s.Commands {
		fmt.Fprintf(&b, "command %s op=%s status=%s disposition=%s", c.CommandID, c.Op, c.Status, c.Disposition)
		if c.Error != "" {
			fmt.Fprintf(&b, " error=%q", c.Error)
		}
		b.WriteString("\n")
	}
	for _, q := range s.Queue {
		fmt.Fprintf(&b, "queued %s op=%s\n", q.CommandID, q.Op)
	}
	for _, c := range s.Chimes {
		fmt.Fprintf(&b, "chime %s author=%q text=%q at=%s\n", c.ChimeID, c.Author, c.Text, stTime(c.ReceivedAt))
	}
	for i, e := range s.Entries {
		fmt.Fprintf(&b, "%d %s\n", i, stEntry(e))
	}
	return b.String()
}

// stEntry renders one entry on one line.
func stEntry(e wire.Entry) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s key=%d.%d rev=%d at=%s", e.Kind, e.Key/wire.ItemKeys, e.Key%wire.ItemKeys, e.Rev, stTime(e.Time))
	switch e.Kind {
	case wire.EntryNotice:
		fmt.Fprintf(&b, " %q", e.Notice)
		if e.Event != "" {
			fmt.Fprintf(&b, " event=%s", e.Event)
		}
		if e.Subject != "" {
			fmt.Fprintf(&b, " subject=%q", e.Subject)
		}
	case wire.EntryTool:
		fmt.Fprintf(&b, " %s %s call=%s", e.ToolName, e.ToolState, e.ToolCallID)
	default:
		fmt.Fprintf(&b, " %s", e.Role)
	}
	for _, f := range []struct{ k, v string }{{"entry", e.EntryID}, {"msg", e.MessageID}, {"author", e.Author}, {"cmd", e.CommandID}} {
		if f.v != "" {
			fmt.Fprintf(&b, " %s=%s", f.k, f.v)
		}
	}
	if e.Streaming {
		b.WriteString(" streaming")
	}
	if e.IsError {
		b.WriteString(" isError")
	}
	for _, c := range e.ToolCalls {
		fmt.Fprintf(&b, " call(%s %s)", c.ID, c.Name)
	}
	if e.Text != "" {
		fmt.Fprintf(&b, " text=%q", e.Text)
	}
	if e.Failure != "" {
		fmt.Fprintf(&b, " failed=%q", e.Failure)
	}
	return b.String()
}

// stTime renders a time, "-" for none.
func stTime(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}
