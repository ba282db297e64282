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
	s := m.sess
	m.note = "exporting the transcript…"
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

// writeExport reads the snapshot and writes the file.
func writeExport(ctx context.Context, c *client.Client, id, path string) exportedMsg {
	ctx, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	snap, err := c.Inspect(ctx, id)
	if err != nil {
		return exportedMsg{err: err}
	}
	format := export.Markdown
	if path != "" {
		format = export.FormatOf(path)
	}
	f, err := createExport(path, snap.Session, format)
	if err != nil {
		return exportedMsg{err: err}
	}
	err = export.Write(f, snap, format)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(f.Name())
		return exportedMsg{err: fmt.Errorf("cannot write %s: %w", f.Name(), err)}
	}
	return exportedMsg{path: shortPath(f.Name()), entries: len(snap.Transcript)}
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

// createExport creates the export's file, never replacing one: the
// refusal says what to do instead.
func createExport(path string, s client.Summary, format export.Format) (*os.File, error) {
	if path != "" {
		f, err := export.Create(path, false)
		if errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("%s already exists and is kept: /export ANOTHER-PATH writes elsewhere", path)
		}
		return f, err
	}
	dir, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("no current directory to export into (%w): /export PATH says where", err)
	}
	f, err := export.CreateDefault(dir, s, format, false)
	if errors.Is(err, fs.ErrExist) {
		names := export.Names(s, format)
		return nil, fmt.Errorf("%s already exists in %s and is kept: /export PATH writes elsewhere",
			strings.Join(names, " and "), dir)
	}
	return f, err
}

// onExported says where the transcript went, or why it did not.
func (m *Model) onExported(msg exportedMsg) {
	if msg.err != nil {
		m.failed(msg.err)
		if m.sess != nil && !m.cfg.Watch {
			m.composer.Restore(msg.line) // the command back, to change and run again
		}
		return
	}
	m.setErr(nil)
	m.note = fmt.Sprintf("exported %d entries to %s", msg.entries, ui.SanitizeLine(msg.path))
}
