package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// Code blocks the tool model's replies carry.
const (
	goBlock = "func main() {\n\tfmt.Println(\"hi\")\n}"
	shBlock = "go run ."
)

// toolModel is a host model for these tests: "#tool" reads a document
// whose result is twelve lines long, then replies; "#two" replies with two
// code blocks, anything else with one.
type toolModel struct{}

// Turn answers by the markers of req.Text.
func (toolModel) Turn(_ context.Context, req vehicletest.TurnRequest) vehicletest.Reply {
	switch {
	case strings.Contains(req.Text, "#tool") && req.Step == 1:
		var result []string
		for i := 1; i <= 12; i++ {
			result = append(result, fmt.Sprintf("renewal note %d", i))
		}
		return vehicletest.Reply{Deltas: vehicletest.Split("Reading the notes.", 0), ToolCalls: []vehicletest.ToolUse{{
			Name: "read_document", Args: `{"query":"lease renewal","documentId":"doc-7"}`,
			Result: strings.Join(result, "\n")}}}
	case strings.Contains(req.Text, "#two"):
		return vehicletest.Reply{Deltas: vehicletest.Split("Build it:\n\n```go\n"+goBlock+"\n```\n\nthen run it:\n\n```sh\n"+shBlock+"\n```\n", 0)}
	}
	return vehicletest.Reply{Deltas: vehicletest.Split("Here it is:\n\n```go\n"+goBlock+"\n```\n", 0)}
}

// toolHost is a reference host with the tool model, a person on it and a
// session of theirs.
func toolHost(t *testing.T) (*client.Client, string) {
	t.Helper()
	clk := &clock{now: t0}
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs(), vehicletest.WithClock(clk.Now),
		vehicletest.WithModel(toolModel{}))
	c := person(t, srv, "ada-token", "cli-one")
	return c, newSession(t, c, "Tools")
}

// prompted drives a model on the session at 80x24 and sends text; it
// returns once the reply has come and the run is idle.
func prompted(t *testing.T, text, reply string) *harness {
	t.Helper()
	c, id := toolHost(t)
	cfg := hostConfig(t, c)
	cfg.SessionID = id
	h := drive(t, "driver", cfg, 80, 24)
	h.see("● you drive from this terminal", "● live")
	h.send(typing(text)...)
	h.send(keyEnter)
	h.see(reply, "idle")
	return h
}

// key hands a key to the model and returns its command unrun.
func (h *harness) key(msg tea.KeyPressMsg) tea.Cmd {
	h.log = append(h.log, msg)
	_, cmd := h.m.Update(msg)
	return cmd
}

// TestToolCallOpens opens a tool chip with its key: the call's arguments
// and its result show under it, bounded, and the same key closes it; the
// same after the session is opened again from its snapshot.
func TestToolCallOpens(t *testing.T) {
	t.Parallel()
	h := prompted(t, "check the renewal #tool", "Here it is:")
	chip := func() client.Entry {
		for _, e := range h.m.tiles.Focused().State().Entries {
			if e.Kind == client.EntryTool {
				return e
			}
		}
		t.Fatal("no tool chip in the state")
		return client.Entry{}
	}
	if e := chip(); e.ToolArgs != `{"query":"lease renewal","documentId":"doc-7"}` || !strings.HasPrefix(e.Text, "renewal note 1\n") {
		t.Fatalf("the live chip keeps args %q and result %q", e.ToolArgs, e.Text)
	}
	shown := []string{"⚙ read_document ✓ ok", "arguments", "│ documentId: doc-7", "│ query: lease renewal",
		"result", "│ renewal note 1", "│ renewal note 5", "│ … 7 more lines"}
	openAndClose := func(when string) {
		h.send(keyTab, keyTab, keyUp) // the entries pane, the reply, then the chip above it
		h.see("entries:", "o/enter opens/closes")
		h.send(press('o'), keyEnter)
		s := h.see(shown...)
		if strings.Contains(s, "renewal note 6") {
			t.Errorf("%s: the result shows more than its bound:\n%s", when, s)
		}
		h.send(press('o'), keyEnter)
		h.until(when+": the chip closed", func(s string) bool {
			return !strings.Contains(s, "documentId: doc-7") && !strings.Contains(s, "renewal note 1") &&
				strings.Contains(s, "⚙ read_document ✓ ok")
		})
		h.send(keyEnter) // enter opens it too
		h.see("│ documentId: doc-7")
		h.send(keyEnter)
		h.until(when+": closed by enter", func(s string) bool { return !strings.Contains(s, "documentId: doc-7") })
		h.send(keyEsc)
	}
	openAndClose("live")

	h.send(keyCtrlO)
	h.see("Tools")
	h.send(keyEnter)
	h.until("the session opened again", func(s string) bool {
		return h.m.tiles.Focused() != nil && h.m.tiles.Focused().State() != nil && strings.Contains(s, "Here it is:")
	})
	if e := chip(); e.ToolArgs == "" || !strings.HasPrefix(e.Text, "renewal note 1\n") {
		t.Fatalf("the snapshot's chip keeps args %q and result %q", e.ToolArgs, e.Text)
	}
	openAndClose("reopened")
}

// TestChipOnMessage: the chip's key on a message says what to select, and
// copy and fork on a chip say what they do there.
func TestChipOnMessage(t *testing.T) {
	t.Parallel()
	h := prompted(t, "check the renewal #tool", "Here it is:")
	h.send(keyTab, keyTab, press('o'), keyEnter)
	h.see("o/enter opens a tool call: select a ⚙ chip")
	h.send(keyUp, press('f'), keyEnter)
	h.see("fork needs a message: select one, not a tool call")
	h.send(press('y'))
	if got := fmt.Sprint(h.key(keyEnter)()); !strings.HasPrefix(got, "renewal note 1\nrenewal note 2") {
		t.Errorf("y on a chip copied %q", got)
	}
}
