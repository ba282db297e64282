package tui

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/export"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// exportedMsg is the outcome of an export: the file written and how many
// entries it holds, or why nothing was written.
type exportedMsg struct {
	line    string // the command as typed, back in the composer when it fails
	path    string
	entries int
	err     error
}

// runExport writes the open session's transcript: "/export" in the current
// directory, named after the title; "/export PATH" there (a .jsonl path
// gives JSONL, any other Markdown). An existing file is never replaced.
func runExport(m *Model, path string) (tea.Cmd, string) {
	if strings.ContainsAny(path, "\x00\n") {
		return nil, "that is not a path: /export PATH, or /export alone for one named after the title"
	}
	s := m.tiles.Focused()
	m.note.Say("exporting the transcript…")
	line := strings.TrimSpace("/export " + path)
	return exportTranscript(s.Context(), m.cfg.Client, s.ID(), path, line), ""
}

// exportTranscript reads the session's snapshot and writes its transcript
// to path, or when path is "" to a new file in the current directory.
func exportTranscript(ctx context.Context, c *client.Client, id, path, line string) tea.Cmd {
	return func() tea.Msg {
		msg := writeExport(ctx, c, id, path)
		msg.line = line
		return msg
	}
}

// writeExport reads the snapshot and writes the file, whole or not at all
// (export.Save, as the command line's export does).
func writeExport(ctx context.Context, c *client.Client, id, path string) exportedMsg {
	ctx, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	snap, err := c.Inspect(ctx, id)
	if err != nil {
		return exportedMsg{err: err}
	}
	written, err := saveExport(path, snap)
	if err != nil {
		return exportedMsg{err: err}
	}
	return exportedMsg{path: shortPath(written), entries: len(snap.Transcript)}
}

// shortPath is path relative to the current directory when it is inside it.
func shortPath(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}

// saveExport writes the export at path, or when path is "" under a new
// name in the current directory, never replacing a file: the refusal says
// what to do instead. It returns the path written.
func saveExport(path string, snap *client.Snapshot) (string, error) {
	if path != "" {
		err := export.Save(path, snap, export.FormatOf(path), false, export.DefaultPerm)
		if errors.Is(err, fs.ErrExist) {
			return "", fmt.Errorf("%s already exists and is kept: /export ANOTHER-PATH writes elsewhere", path)
		}
		return path, err
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("no current directory to export into (%w): /export PATH says where", err)
	}
	written, err := export.SaveDefault(dir, snap, export.Markdown, false, export.DefaultPerm)
	if errors.Is(err, fs.ErrExist) {
		names := export.Names(snap.Session, export.Markdown)
		return "", fmt.Errorf("%s already exists in %s and is kept: /export PATH writes elsewhere",
			strings.Join(names, " and "), dir)
	}
	return written, err
}

// onExported says where the transcript went, or why it did not.
func (m *Model) onExported(msg exportedMsg) {
	if msg.err != nil {
		m.failed(msg.err)
		if m.tiles.Focused() != nil && !m.cfg.Watch {
			m.composer.Restore(msg.line) // the command back, to change and run again
		}
		return
	}
	m.setErr(nil)
	m.note.Say(fmt.Sprintf("exported %d entries to %s", msg.entries, ui.SanitizeLine(msg.path)))
}
