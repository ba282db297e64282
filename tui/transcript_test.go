package tui

import (
	"fmt"
	"github.com/sophia-labs/vehicle/tui/session"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// driven is session s1 open at w x h, driven by this terminal.
func driven(t *testing.T, w, h int) *Model {
	return opened(t, testConfig(t), w, h, snapshot(lease("user:ada", "cli-me")), nil)
}

// steps is a list of messages built against the model.
type steps func(m *Model) []tea.Msg

// TestTranscript is the transcript pane: turns, markdown, streaming, chips and notices.
func TestTranscript(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		steps steps
	}{
		{"conversation", nil},
		{"user turn", func(m *Model) []tea.Msg {
			return []tea.Msg{on(m, event(5, client.EvMessageCompleted,
				`{"entryId":"e4","role":"user","text":"And a takeover?","timestamp":"2026-10-14T09:40:00Z"}`))}
		}},
		{"streaming before flush", func(m *Model) []tea.Msg {
			return []tea.Msg{delta(m, "m9", "## Take"), delta(m, "m9", "overs\n\nA takeover")}
		}},
		{"streaming after flush", func(m *Model) []tea.Msg {
			return []tea.Msg{delta(m, "m9", "## Take"), delta(m, "m9", "overs\n\nA takeover"), session.FlushMsg{}}
		}},
		{"streaming more after flush", func(m *Model) []tea.Msg {
			return []tea.Msg{delta(m, "m9", "## Takeovers\n\nA takeover"), session.FlushMsg{},
				delta(m, "m9", " moves the lease."), session.FlushMsg{}}
		}},
		{"resized while streaming", func(m *Model) []tea.Msg {
			return []tea.Msg{delta(m, "m9", "## Takeovers\n\nA takeover moves the lease to another terminal"),
				session.FlushMsg{}, tea.WindowSizeMsg{Width: 50, Height: 24}}
		}},
		{"completed replaces streaming", func(m *Model) []tea.Msg {
			return []tea.Msg{delta(m, "m9", "## Takeovers\n\nA takeover"), session.FlushMsg{},
				on(m, event(5, client.EvMessageCompleted, `{"entryId":"e9","messageId":"m9","role":"assistant",`+
					`"text":"## Takeovers\n\nA takeover moves the **lease**.","timestamp":"2026-10-14T09:41:00Z"}`))}
		}},
		{"tool chips", func(m *Model) []tea.Msg {
			return []tea.Msg{
				on(m, event(5, client.EvToolStarted, `{"toolCallId":"a","toolName":"read_document"}`)),
				on(m, event(6, client.EvToolStarted, `{"toolCallId":"b","toolName":"search_documents"}`)),
				on(m, event(7, client.EvToolStarted, `{"toolCallId":"c","toolName":"write_document"}`)),
				on(m, event(8, client.EvToolResult, `{"toolCallId":"b","toolName":"search_documents"}`)),
				on(m, event(9, client.EvToolResult, `{"toolCallId":"c","toolName":"write_document","isError":true}`)),
			}
		}},
		{"notices", func(m *Model) []tea.Msg {
			return []tea.Msg{
				on(m, event(5, client.EvRunStarted, `{"runId":"r1"}`)),
				on(m, event(6, client.EvBudgetExceeded, `{"reason":"max_turns","turns":12,"costUsd":0.012}`)),
				on(m, event(7, client.EvRunSettled, `{"runId":"r1","aborted":true,"reason":"budget","usage":{"turns":12,"costUsd":0.012}}`)),
				on(m, event(8, client.EvBodyExited, `{"code":1,"stderrTail":"panic: boom\nmore"}`)),
				on(m, event(9, client.EvRunSettled, `{"runId":"r2","aborted":true,"reason":"aborted"}`)),
			}
		}},
		{"collaborator turn", func(m *Model) []tea.Msg {
			return []tea.Msg{on(m, event(5, client.EvMessageCompleted,
				`{"entryId":"e4","role":"user","text":"[Bo collaborator]\nTry the other door.","timestamp":"2026-10-14T09:42:00Z"}`))}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := driven(t, 80, 24)
			if c.steps != nil {
				feed(m, c.steps(m)...)
			}
			drawnAs(t, m, transcriptOf)
		})
	}
}

// long is session s1 with n numbered turns.
func long(n int) *client.Snapshot {
	s := snapshot(lease("user:ada", "cli-me"))
	s.Transcript = nil
	for i := 1; i <= n; i++ {
		s.Transcript = append(s.Transcript, client.TranscriptItem{EntryID: fmt.Sprintf("e%d", i), Role: "user",
			Text: fmt.Sprintf("turn %d", i), Timestamp: t0.Add(time.Duration(i) * time.Minute)})
	}
	s.Cursor = int64(n)
	return s
}

// TestScrolling pins to the bottom while following, and marks new messages while scrolled up.
func TestScrolling(t *testing.T) {
	t.Parallel()
	next := func(m *Model, seq int64) tea.Msg {
		return on(m, event(seq, client.EvMessageCompleted, fmt.Sprintf(
			`{"entryId":"n%d","role":"user","text":"new turn %d","timestamp":"2026-10-14T11:00:00Z"}`, seq, seq)))
	}
	up := tea.MouseWheelMsg{Button: tea.MouseWheelUp}
	down := tea.MouseWheelMsg{Button: tea.MouseWheelDown}
	cases := []struct {
		name  string
		steps steps
	}{
		{"pinned to the bottom", nil},
		{"following takes new turns", func(m *Model) []tea.Msg { return []tea.Msg{next(m, 41)} }},
		{"page up", func(m *Model) []tea.Msg { return []tea.Msg{keyPgUp} }},
		{"page up twice then down", func(m *Model) []tea.Msg { return []tea.Msg{keyPgUp, keyPgUp, keyPgDown} }},
		{"scrolled up with new messages", func(m *Model) []tea.Msg {
			return []tea.Msg{keyPgUp, next(m, 41), next(m, 42)}
		}},
		{"back to the bottom", func(m *Model) []tea.Msg {
			return []tea.Msg{keyPgUp, next(m, 41), keyCtrlEnd}
		}},
		{"paging down to the end follows", func(m *Model) []tea.Msg {
			return []tea.Msg{keyPgUp, next(m, 41), keyPgDown, keyPgDown, next(m, 42)}
		}},
		{"mouse wheel", func(m *Model) []tea.Msg { return []tea.Msg{up, up, down} }},
		{"top of the transcript", func(m *Model) []tea.Msg {
			msgs := make([]tea.Msg, 30)
			for i := range msgs {
				msgs[i] = keyPgUp
			}
			return msgs
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := opened(t, testConfig(t), 60, 16, long(40), nil)
			if c.steps != nil {
				feed(m, c.steps(m)...)
			}
			drawnAs(t, m, transcriptOf)
		})
	}
}

// TestTranscriptFitsAnyWidth keeps every line within the width and the screen's height.
func TestTranscriptFitsAnyWidth(t *testing.T) {
	t.Parallel()
	for _, w := range []int{20, 33, 80, 201} {
		m := opened(t, testConfig(t), w, 30, snapshot(lease("user:ada", "cli-me")), nil)
		for i, l := range strings.Split(screen(m), "\n") {
			if n := len([]rune(l)); n > w {
				t.Errorf("width %d: line %d is %d wide: %q", w, i, n, l)
			}
		}
		if n := strings.Count(screen(m), "\n"); n != 30 {
			t.Errorf("width %d: %d lines, want 30", w, n)
		}
	}
}
