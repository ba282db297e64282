package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/cmd/sepia-driver-vehicle/driver"
	"github.com/sophia-labs/vehicle/internal/config"
	goldenfile "github.com/sophia-labs/vehicle/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden answer files under testdata/")

// goldenHost stands for the test's gardend address in the goldens.
const goldenHost = "http://gardend.test"

// goldenCase is one golden: its request lines are
// testdata/TestGolden/<name>.requests.jsonl and the driver's exact answer
// lines testdata/TestGolden/<name>.answers.jsonl.
type goldenCase struct {
	name string
	env  func(w *world, dead string) map[string]string
}

func goldenCases() []goldenCase {
	ada := func(w *world, _ string) map[string]string { return w.env("ada-token") }
	return []goldenCase{
		{"manifest", ada},
		{"list", ada},
		{"get", ada},
		{"summary", ada},
		{"history", ada},
		{"rename", ada},
		{"delete", ada},
		{"save", ada},
		{"wire", ada},
		{"locked", ada},
		{"store_error", ada},
		{"unreachable", func(w *world, dead string) map[string]string {
			return map[string]string{config.EnvGardend: dead, config.EnvGraph: "demo", config.EnvToken: "ada-token"}
		}},
		{"config_no_gardend", func(*world, string) map[string]string { return map[string]string{} }},
		{"config_no_graph", func(w *world, _ string) map[string]string {
			return map[string]string{config.EnvGardend: w.front.URL, config.EnvToken: "ada-token"}
		}},
		{"config_no_token", func(w *world, _ string) map[string]string {
			return map[string]string{config.EnvGardend: w.front.URL, config.EnvGraph: "demo"}
		}},
		{"config_bad_key_file", func(w *world, _ string) map[string]string {
			env := w.env("")
			env[driver.EnvKeyFile] = filepath.Join("testdata", "no-such-key-file")
			return env
		}},
		{"unauthenticated", func(w *world, _ string) map[string]string { return w.env("wrong-token") }},
	}
}

// TestGolden runs each case's request lines through the driver (one request
// in flight, so the answers keep their order) against a fresh reference host
// with deterministic ids and a fixed clock, and compares the answer lines.
func TestGolden(t *testing.T) {
	for _, gc := range goldenCases() {
		t.Run(gc.name, func(t *testing.T) {
			w := newWorld(t)
			w.populate(t)
			if w.plan != "s1" || w.fork != "s2" || w.spare != "s3" || w.busy != "s4" {
				t.Fatalf("the fixture's ids moved (%s %s %s %s): the request files name s1-s4", w.plan, w.fork, w.spare, w.busy)
			}
			dir := filepath.Join("testdata", "TestGolden")
			in, err := os.ReadFile(filepath.Join(dir, gc.name+".requests.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			dead := deadAddress(t)
			srv := driver.New(driver.Options{Resolver: resolver(gc.env(w, dead)), MaxInFlight: 1})
			var out bytes.Buffer
			if err := srv.Serve(context.Background(), bytes.NewReader(in), &out); err != nil {
				t.Fatalf("Serve: %v", err)
			}
			got := strings.NewReplacer(w.front.URL, goldenHost, dead, goldenHost,
				strings.TrimPrefix(w.front.URL, "http://"), "gardend.test", strings.TrimPrefix(dead, "http://"), "gardend.test",
			).Replace(out.String())
			compareGolden(t, filepath.Join(dir, gc.name+".answers.jsonl"), got)
		})
	}
}

// compareGolden compares got with the file at path, or rewrites it with
// -update.
func compareGolden(t *testing.T, path, got string) {
	t.Helper()
	goldenfile.Check(t, path, got, *update)
}

// TestGoldenCoversEveryCode checks that the goldens, together, answer every
// error code of the wire and every method.
func TestGoldenCoversEveryCode(t *testing.T) {
	var all strings.Builder
	for _, gc := range goldenCases() {
		b, err := os.ReadFile(filepath.Join("testdata", "TestGolden", gc.name+".answers.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
		req, _ := os.ReadFile(filepath.Join("testdata", "TestGolden", gc.name+".requests.jsonl"))
		all.Write(req)
	}
	// -32603 is left out: only a panic or an answer over the line limit
	// answers it (driver.TestPanicIsInternalError, TestAnswerLineIsBounded).
	for _, code := range []string{"-32700", "-32600", "-32601", "-32602", "-32001", "-32002", "-32003", "-32004", "-32005"} {
		if !strings.Contains(all.String(), `"code":`+code) {
			t.Errorf("no golden answers %s", code)
		}
	}
	for _, m := range []string{"driver.manifest", "session.list", "session.get", "session.summary", "session.history",
		"session.rename", "session.delete", "session.save", "session.checkpoints", "session.rewind", "file.restore",
		"config.read", "config.write"} {
		if !strings.Contains(all.String(), `"method":"`+m+`"`) {
			t.Errorf("no golden asks %s", m)
		}
	}
}
