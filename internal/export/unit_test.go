package export_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/export"
)

// TestClean: Clean and CleanLine are inert.Strip and inert.StripLine
// (whose tests hold the rules).
func TestClean(t *testing.T) {
	if got := export.Clean("a\x1b]0;t\x07\r\nb\u200b"); got != "a\nb" {
		t.Errorf("Clean = %q", got)
	}
	if got := export.CleanLine("  a\n\n b\x1b[2J  "); got != "a b" {
		t.Errorf("CleanLine = %q", got)
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Barn plans: Q4 / 2026":   "barn-plans-q4-2026",
		"Don't panic":             "dont-panic",
		"Café crème":              "cafe-creme",
		"../../etc/passwd":        "etc-passwd",
		"CON":                     "con-session",
		"com1":                    "com1-session",
		"日本語":                     "",
		"a\x1b[31mb":              "a-31mb",
		strings.Repeat("ab ", 50): strings.TrimRight(strings.Repeat("ab-", 20), "-"),
	} {
		if got := export.Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFormats(t *testing.T) {
	for path, want := range map[string]export.Format{"a.jsonl": export.JSONL, "A.NDJSON": export.JSONL, "a.md": export.Markdown, "a": export.Markdown} {
		if got := export.FormatOf(path); got != want {
			t.Errorf("FormatOf(%q) = %q", path, got)
		}
	}
	if _, err := export.ParseFormat("pdf"); err == nil || !strings.Contains(err.Error(), "md or jsonl") {
		t.Errorf("ParseFormat(pdf) = %v", err)
	}
}

// TestUntitledNamesAndKeptFiles: an untitled session's export is named by
// its id; an export never writes over a file without force.
func TestUntitledNamesAndKeptFiles(t *testing.T) {
	untitled := export.Names(client.Summary{SessionID: "s1"}, export.JSONL)
	if len(untitled) != 1 || untitled[0] != "session-s1.jsonl" {
		t.Errorf("untitled names %v", untitled)
	}
	path := filepath.Join(t.TempDir(), "barn-plans.md")
	if err := os.WriteFile(path, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := export.Save(path, &client.Snapshot{}, export.Markdown, false, export.DefaultPerm)
	if !errors.Is(err, fs.ErrExist) || !strings.Contains(err.Error(), "--force") {
		t.Errorf("Save over a file = %v, want an error naming --force", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "x" {
		t.Errorf("the file holds %q: an export replaced it", b)
	}
}

func TestMarkdownClosesFences(t *testing.T) {
	snap := &client.Snapshot{Session: client.Summary{SessionID: "s1"}, Transcript: []client.TranscriptItem{
		{Role: "assistant", Text: "```go\nx := 1", Timestamp: time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("x", 3600))},
		{Role: "user", Text: "after"},
	}}
	var b bytes.Buffer
	if err := export.Write(&b, snap, export.Markdown); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "x := 1\n```\n") || !strings.Contains(out, "2026-01-02 02:04:05 UTC") || !strings.Contains(out, "time unknown") {
		t.Errorf("output:\n%s", out)
	}
}

// FuzzWrite writes a transcript of fuzzed host text in both formats: no
// control character but newline and tab reaches the file, the file is valid
// UTF-8, and every JSONL line decodes with the cleaned text.
func FuzzWrite(f *testing.F) {
	f.Add("title", "[Bo collaborator]\nhi", "tool\x1b[2J", "```")
	f.Add("\x1b]0;t\x07", "a\r\nb\x1b]52;c;x\x07", "\u202e", "\xff\xfe")
	f.Fuzz(func(t *testing.T, title, text, tool, result string) {
		snap := &client.Snapshot{
			Session: client.Summary{SessionID: title, Title: &title, Model: tool, GraphID: text},
			Transcript: []client.TranscriptItem{
				{EntryID: title, Role: "user", Text: text},
				{Role: "assistant", Text: result, ToolCalls: []client.ToolCall{{ID: tool, Name: tool}}},
				{Role: "toolResult", Text: result, ToolName: tool, IsError: true},
				{Role: title, Text: text},
			},
		}
		for _, format := range []export.Format{export.Markdown, export.JSONL} {
			var b bytes.Buffer
			if err := export.Write(&b, snap, format); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if !utf8.ValidString(out) {
				t.Fatalf("%s: invalid UTF-8: %q", format, out)
			}
			for _, r := range out {
				if r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r <= 0x9f || r == 0x202e {
					t.Fatalf("%s: control %U in %q", format, r, out)
				}
			}
			if format == export.JSONL {
				lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
				if len(lines) != 5 {
					t.Fatalf("%d lines: %q", len(lines), out)
				}
				var it export.Item
				if err := json.Unmarshal([]byte(lines[3]), &it); err != nil || it.Text != export.Clean(result) {
					t.Fatalf("line 4: %v, %+v", err, it)
				}
			}
		}
	})
}

func TestMarkdownHeaderOfABranch(t *testing.T) {
	for kind, want := range map[string]string{"fork": "- Branched from `s1`\n", "clone": "- Duplicated from `s1`\n"} {
		snap := &client.Snapshot{Session: client.Summary{SessionID: "s2", Preview: "first words",
			Parent: &client.Parent{SessionID: "s1", Kind: kind}}}
		var b bytes.Buffer
		if err := export.Write(&b, snap, export.Markdown); err != nil {
			t.Fatal(err)
		}
		if out := b.String(); !strings.HasPrefix(out, "# first words\n") || !strings.Contains(out, want) {
			t.Errorf("%s:\n%s", kind, out)
		}
	}
}
