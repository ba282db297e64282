package manage

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
)

// ExportedMsg is the outcome of an export: the file written and how many
// entries it holds, or why nothing was written.
type ExportedMsg struct {
	line    string // the command as typed, back in the composer when it fails
	Path    string
	Entries int
	Err     error
}

// Export writes session id's transcript (the open session's, whose
// requests end with ctx) to path, or when path is "" to a new file in the
// current directory named after its title (a .jsonl path gives JSONL, any
// other Markdown); an existing file is never replaced. line is the command
// as typed: it goes back in the composer when nothing was written.
func (m *Manager) Export(ctx context.Context, id, path, line string) tea.Cmd {
	c := m.c
	return func() tea.Msg {
		msg := writeExport(ctx, c, id, path)
		msg.line = line
		return msg
	}
}

// writeExport reads the snapshot and writes the file, whole or not at all
// (export.Save, as the command line's export does).
func writeExport(ctx context.Context, c *client.Client, id, path string) ExportedMsg {
	ctx, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	snap, err := c.Inspect(ctx, id)
	if err != nil {
		return ExportedMsg{Err: err}
	}
	written, err := saveExport(path, snap)
	if err != nil {
		return ExportedMsg{Err: err}
	}
	return ExportedMsg{Path: shortPath(written), Entries: len(snap.Transcript)}
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
