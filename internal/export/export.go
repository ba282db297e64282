// Package export writes a session's transcript to a file a person can keep
// or share: Markdown to read, or JSONL (one JSON object per line) for
// programs. Everything that came from the host is cleaned of terminal escape
// sequences and control characters first (Clean).
//
// The JSONL form's first line is a Header (kind "session"), then one Item
// (kind "message") per transcript entry, in order. The shape is versioned by
// Header.Format; fields are only ever added to it.
package export

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// Format is an export's file format.
type Format string

// The formats.
const (
	Markdown Format = "md"
	JSONL    Format = "jsonl"
)

// JSONLVersion names the JSONL shape, in Header.Format.
const JSONLVersion = "vehicle.transcript.v1"

// ParseFormat reads a --format value: md (or markdown) or jsonl.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "md", "markdown":
		return Markdown, nil
	case "jsonl":
		return JSONL, nil
	}
	return "", fmt.Errorf("unknown export format %q: use md or jsonl", s)
}

// FormatOf is the format a path's extension names: JSONL for .jsonl (or
// .ndjson), Markdown for anything else.
func FormatOf(path string) Format {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".jsonl", ".ndjson":
		return JSONL
	}
	return Markdown
}

// Write writes snap's transcript to w in format f.
func Write(w io.Writer, snap *client.Snapshot, f Format) error {
	bw := bufio.NewWriter(w)
	var err error
	switch f {
	case Markdown:
		err = writeMarkdown(bw, snap)
	case JSONL:
		err = writeJSONL(bw, snap)
	default:
		return fmt.Errorf("unknown export format %q: use md or jsonl", f)
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

// Header is the first line of a JSONL export: the session it came from.
type Header struct {
	Kind      string         `json:"kind"`   // always "session"
	Format    string         `json:"format"` // JSONLVersion
	SessionID string         `json:"sessionId"`
	GraphID   string         `json:"graphId"`
	Title     string         `json:"title"` // "" for an untitled session
	Model     string         `json:"model"`
	Profile   string         `json:"profile"`
	Parent    *client.Parent `json:"parent,omitempty"`
	CreatedAt string         `json:"createdAt,omitempty"` // RFC 3339, UTC
	Messages  int            `json:"messages"`            // how many Items follow
}

// Item is one transcript entry of a JSONL export.
type Item struct {
	Kind    string `json:"kind"`  // always "message"
	Index   int    `json:"index"` // from 0, in transcript order
	EntryID string `json:"entryId"`
	// Role is the host's: user, assistant or toolResult.
	Role string `json:"role"`
	// Author is who wrote it: "user", "assistant", "tool", or for an
	// accepted chime the collaborator's name (with Chime true).
	Author string `json:"author"`
	Chime  bool   `json:"chime,omitempty"`
	Text   string `json:"text"` // a chime's text without its "[name collaborator]" line
	// ToolCalls are an assistant message's tool calls: id, name and
	// arguments (a JSON object as the model gave them, every string in it
	// cleaned; a string when the client cut them at client.MaxToolText;
	// absent when the host sent none).
	ToolCalls []client.ToolCall `json:"toolCalls,omitempty"`
	ToolName  string            `json:"toolName,omitempty"`
	IsError   bool              `json:"isError,omitempty"`
	Timestamp string            `json:"timestamp,omitempty"` // RFC 3339, UTC; absent when the host gave none
}

// writeJSONL writes the header, then one item per line.
func writeJSONL(w io.Writer, snap *client.Snapshot) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	s := snap.Session
	h := Header{Kind: "session", Format: JSONLVersion, SessionID: CleanLine(s.SessionID),
		GraphID: CleanLine(s.GraphID), Model: CleanLine(s.Model), Profile: CleanLine(s.Profile),
		CreatedAt: stamp(s.CreatedAt), Messages: len(snap.Transcript)}
	if s.Title != nil {
		h.Title = CleanLine(*s.Title)
	}
	if p := s.Parent; p != nil {
		h.Parent = &client.Parent{SessionID: CleanLine(p.SessionID), Kind: CleanLine(p.Kind), EntryID: CleanLine(p.EntryID)}
	}
	if err := enc.Encode(h); err != nil {
		return err
	}
	for i, it := range snap.Transcript {
		if err := enc.Encode(item(i, it)); err != nil {
			return err
		}
	}
	return nil
}

// item is the cleaned JSONL form of one transcript entry.
func item(i int, it client.TranscriptItem) Item {
	author, text, chime := Author(it)
	out := Item{Kind: "message", Index: i, EntryID: CleanLine(it.EntryID), Role: CleanLine(it.Role),
		Author: author, Chime: chime, Text: text, ToolName: CleanLine(it.ToolName),
		IsError: it.IsError, Timestamp: stamp(it.Timestamp)}
	for _, c := range it.ToolCalls {
		out.ToolCalls = append(out.ToolCalls, toolCall(c))
	}
	return out
}

// Author names who wrote a transcript entry and returns its cleaned text: an
// accepted chime reaches the model as "[<author> collaborator]\n<text>", so
// its author is the collaborator (chime true) and its text what they wrote.
// Others are "user", "assistant" or "tool".
func Author(it client.TranscriptItem) (author, text string, chime bool) {
	switch it.Role {
	case "assistant":
		return "assistant", Clean(it.Text), false
	case "toolResult":
		return "tool", Clean(it.Text), false
	case "user":
		head, rest, ok := strings.Cut(it.Text, "\n")
		if ok && strings.HasPrefix(head, "[") && strings.HasSuffix(head, " collaborator]") {
			name := CleanLine(strings.TrimSuffix(strings.TrimPrefix(head, "["), " collaborator]"))
			if name != "" {
				return name, Clean(rest), true
			}
		}
		return "user", Clean(it.Text), false
	}
	return CleanLine(it.Role), Clean(it.Text), false
}

// stamp is t in RFC 3339 UTC, "" for the zero time.
func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}
