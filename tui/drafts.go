package tui

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	tea "charm.land/bubbletea/v2"
)

// Drafts keeps what the person was writing, per session, between runs.
// The UI calls it only from its commands, never from Update.
type Drafts interface {
	// Load is the draft kept under a session's key, "" when none.
	Load(key string) (string, error)
	// Save keeps a session's draft under its key; "" forgets it.
	Save(key, text string) error
}

// DirDrafts keeps each draft in a file of dir (made 0700 when missing),
// named after a hash of the session id.
type DirDrafts string

// path is the file of a session's draft.
func (d DirDrafts) path(id string) string {
	sum := sha256.Sum256([]byte(id))
	return filepath.Join(string(d), hex.EncodeToString(sum[:12])+".txt")
}

// Load reads a session's draft.
func (d DirDrafts) Load(id string) (string, error) {
	b, err := os.ReadFile(d.path(id))
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	return string(b), err
}

// Save writes a session's draft (0600), or removes it when text is "".
func (d DirDrafts) Save(id, text string) error {
	p := d.path(id)
	if text == "" {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	if err := os.MkdirAll(string(d), 0o700); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(text), 0o600)
}

// draftMsg hands back the draft kept for a session being opened.
type draftMsg struct {
	gen  int
	text string
	err  error
}

// loadDraft reads the draft kept for a session.
func loadDraft(d Drafts, gen int, id string) tea.Cmd {
	if d == nil {
		return nil
	}
	return func() tea.Msg {
		text, err := d.Load(id)
		return draftMsg{gen: gen, text: text, err: err}
	}
}

// saveDraft keeps a session's draft; a failure is not worth a message.
func saveDraft(d Drafts, id, text string) tea.Cmd {
	if d == nil || id == "" {
		return nil
	}
	return func() tea.Msg {
		_ = d.Save(id, text)
		return nil
	}
}

// onDraft puts a kept draft in the composer, unless the person has begun
// writing already.
func (m *Model) onDraft(msg draftMsg) {
	if m.current(msg.gen) == nil || msg.err != nil || msg.text == "" || !m.composer.Blank() {
		return
	}
	m.composer.SetValue(msg.text)
	m.note = "your draft is back in the composer"
}

// Draft is the key of the open session's draft (its host, graph and id)
// and the composer's text, for the caller to keep with Config.Drafts after
// the program ends.
func (m *Model) Draft() (key, text string) {
	if m.sess == nil || m.cfg.Watch {
		return "", ""
	}
	return m.draftKey(m.sess.id), m.composer.Value()
}

// draftKey names a session's draft: the same id on another host or graph
// is another session.
func (m *Model) draftKey(id string) string {
	if m.cfg.Client == nil {
		return id
	}
	return m.cfg.Client.GardendURL() + " " + m.cfg.Client.Graph() + " " + id
}
