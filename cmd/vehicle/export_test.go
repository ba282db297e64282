package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/internal/export"
)

// exportHost starts a reference host with one titled session that has had a
// turn with a tool call, points the environment at it and moves into a
// fresh directory. It returns the session's id.
func exportHost(t *testing.T) string {
	t.Helper()
	srv := newRideHost(t)
	ctx, cancel := context.WithTimeout(context.Background(), rideWaitLimit)
	defer cancel()
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"))
	if err != nil {
		t.Fatal(err)
	}
	created, err := c.Create(ctx, client.CreateRequest{Title: "Barn plans: Q4"})
	if err != nil {
		t.Fatal(err)
	}
	id := created.Session.SessionID
	if _, err := c.Prompt(ctx, id, "find the barn #tool"); err != nil {
		t.Fatal(err)
	}
	for since, settled := created.Cursor, false; !settled; {
		res, err := c.Watch(ctx, id, since, 5*time.Second)
		if err != nil {
			t.Fatalf("waiting for the run to settle: %v", err)
		}
		for _, ev := range res.Events {
			settled = settled || ev.Type == client.EvRunSettled
		}
		since = res.Cursor
	}
	for k, v := range map[string]string{config.EnvGardend: srv.URL, config.EnvGraph: "demo", config.EnvToken: "ada-token",
		config.EnvKeyFile: "", config.EnvVisitor: "", config.EnvMount: client.DefaultMount} {
		t.Setenv(k, v)
	}
	t.Chdir(t.TempDir())
	return id
}

// runExportTest runs the command and returns its code, stdout and stderr.
func runExportTest(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return runExportEnv(t, os.LookupEnv, args...)
}

// runExportEnv is runExportTest with the variables of env.
func runExportEnv(t *testing.T, env config.Env, args ...string) (int, string, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), rideWaitLimit)
	defer cancel()
	var out, errw bytes.Buffer
	code := runExport(ctx, env, args, &out, &errw)
	return code, out.String(), errw.String()
}

func TestExportDefaultPath(t *testing.T) {
	id := exportHost(t)
	for _, want := range []string{"barn-plans-q4.md", "session-" + id + ".md"} {
		code, _, errw := runExportTest(t, "--session", id)
		if code != 0 || !strings.Contains(errw, "wrote 4 entries to ") || !strings.HasSuffix(strings.TrimSpace(errw), want) {
			t.Fatalf("exit %d, stderr %q; want %s written", code, errw, want)
		}
		b, err := os.ReadFile(want)
		if err != nil {
			t.Fatal(err)
		}
		md := string(b)
		for _, part := range []string{"# Barn plans: Q4\n", "- Session: `" + id + "`", "**User** · 2026-10-14 09:30:00 UTC", "`⚙ search_documents`", "- tool result `search_documents`: ok · 3 documents match"} {
			if !strings.Contains(md, part) {
				t.Errorf("%s lacks %q:\n%s", want, part, md)
			}
		}
	}
	code, _, errw := runExportTest(t, "--session", id)
	if code != 1 || !strings.Contains(errw, "--force") {
		t.Fatalf("a third export: exit %d, %q; want a refusal naming --force", code, errw)
	}
	if err := os.WriteFile("barn-plans-q4.md", []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errw := runExportTest(t, "--session", id, "--force"); code != 0 {
		t.Fatalf("--force: exit %d, %q", code, errw)
	}
	if b, _ := os.ReadFile("barn-plans-q4.md"); !strings.HasPrefix(string(b), "# Barn plans") {
		t.Errorf("--force left %q", b)
	}
}

func TestExportFormats(t *testing.T) {
	id := exportHost(t)
	code, _, errw := runExportTest(t, "--session", id, "-o", filepath.Join("sub", "x.jsonl"))
	if code != 1 || !strings.Contains(errw, "cannot create") {
		t.Errorf("into a missing folder: exit %d, %q", code, errw)
	}
	if code, _, errw := runExportTest(t, "--session", id, "-o", "t.jsonl"); code != 0 {
		t.Fatalf("exit %d, %q", code, errw)
	}
	b, _ := os.ReadFile("t.jsonl")
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	var h export.Header
	if err := json.Unmarshal([]byte(lines[0]), &h); err != nil || h.SessionID != id || h.Messages != 4 || len(lines) != 5 {
		t.Fatalf("t.jsonl: %v, %+v, %d lines", err, h, len(lines))
	}
	code, out, _ := runExportTest(t, "--session", id, "-o", "-", "--format", "jsonl")
	if code != 0 || out != string(b) {
		t.Errorf("stdout jsonl: exit %d, differs from the file: %q", code, out)
	}
	code, out, _ = runExportTest(t, "--session", id, "-o", "-")
	if code != 0 || !strings.HasPrefix(out, "# Barn plans: Q4\n") {
		t.Errorf("stdout md: exit %d, %q", code, out)
	}
	if code, _, _ := runExportTest(t, "--session", id, "-o", "t.jsonl"); code != 1 {
		t.Errorf("over an existing -o file: exit %d, want 1", code)
	}
}

func TestExportRefusals(t *testing.T) {
	id := exportHost(t)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "--session ID"},
		{[]string{"--session", id, "--format", "pdf"}, 2, "md or jsonl"},
		{[]string{"--session", id, "extra"}, 2, "-o PATH"},
		{[]string{"--session", id, "--new"}, 2, "existing session"},
		{[]string{"--session", id, "-o", "-", "--force"}, 2, "drop one"},
		{[]string{"--session", "nope"}, 1, "not_found"},
	} {
		code, out, errw := runExportTest(t, c.args...)
		if code != c.code || !strings.Contains(errw, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d naming %q", c.args, code, out, errw, c.code, c.want)
		}
	}
	if entries, _ := os.ReadDir("."); len(entries) != 0 {
		t.Errorf("refusals left files: %v", entries)
	}
}
