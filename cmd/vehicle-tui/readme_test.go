package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// readmeSection is the README's section whose headless lines
// TestREADMEOutOfCredit runs.
const readmeSection = "### Out of credit: an account's credit, then your own key"

// readmeShell is the first ```sh block of the README's section.
func readmeShell(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(b), "\n"+readmeSection+"\n")
	if !ok {
		t.Fatalf("README.md has no section %q", readmeSection)
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	_, block, ok := strings.Cut(sec, "\n```sh\n")
	if !ok {
		t.Fatalf("README.md's %q has no sh block", readmeSection)
	}
	block, _, _ = strings.Cut(block, "\n```")
	return block
}

// startDemo runs `vehicle demo --listen 127.0.0.1:0 --no-tui` and returns
// the host's address it prints; the test's cleanup stops it.
func startDemo(t *testing.T, bin string, env []string) string {
	t.Helper()
	cmd := exec.Command(bin, "demo", "--listen", "127.0.0.1:0", "--no-tui")
	cmd.Env = env
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	})
	first := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if url, ok := strings.CutPrefix(sc.Text(), "vehicle demo host: "); ok {
				url, _, _ = strings.Cut(url, " ")
				first <- url
			}
		}
	}()
	select {
	case url := <-first:
		return url
	case <-time.After(30 * time.Second):
		t.Fatal("vehicle demo printed no address within 30s")
		return ""
	}
}

// TestREADMEOutOfCredit runs the README's headless walk-through of running
// out of credit against `vehicle demo --listen`: Dee spends her credit,
// is refused out_of_credit with the doors, and goes on with her own key.
func TestREADMEOutOfCredit(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash to run the README's lines")
	}
	bin := buildVehicle(t)
	home := t.TempDir()
	env := []string{"PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH"), "HOME=" + home,
		"XDG_STATE_HOME=" + filepath.Join(home, "state"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "NO_COLOR=1"}
	url := startDemo(t, bin, env)
	script := strings.ReplaceAll(readmeShell(t), "http://127.0.0.1:7777", url)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", "set -euo pipefail\n"+script)
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the README's lines failed: %v\n%s", err, out)
	}
	var rides [][]client.Frame // the frames of each ride, ready to closed
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var f client.Frame
		if err := json.Unmarshal([]byte(l), &f); err != nil {
			t.Fatalf("not a frame: %q", l)
		}
		if f.Type == "ready" {
			rides = append(rides, nil)
		}
		rides[len(rides)-1] = append(rides[len(rides)-1], f)
	}
	if len(rides) != 3 {
		t.Fatalf("%d rides, want 3:\n%s", len(rides), out)
	}
	answer := func(ride int, requestID string) client.Frame {
		for _, f := range rides[ride] {
			if f.RequestID == requestID && f.Seq == 0 {
				return f
			}
		}
		t.Fatalf("ride %d: no answer to %s", ride+1, requestID)
		return client.Frame{}
	}
	var acc client.Account
	a1 := answer(0, "a1")
	if err := a1.Decode(&acc); err != nil || acc.Credit == nil || acc.Credit.BalanceUSD != demoCreditUSD {
		t.Errorf("ride 1: Dee's account %+v, want $%v of credit", acc, demoCreditUSD)
	}
	var settled client.RunSettledValue
	for _, f := range rides[0] {
		if f.Type == client.EvRunSettled {
			_ = f.Decode(&settled)
		}
	}
	if settled.Usage.CostUSD < demoCreditUSD-1e-9 {
		t.Errorf("ride 1: the run cost %v, want all of the credit", settled.Usage)
	}
	if f := answer(1, "p2"); f.Code != client.CodeOutOfCredit || !strings.Contains(f.Message, "X-Model-Key") || !strings.Contains(string(f.Details), "doors") {
		t.Errorf("ride 2: %+v, want out_of_credit with the doors", f)
	}
	var ready struct {
		Session client.Summary `json:"session"`
	}
	_ = json.Unmarshal(rides[2][0].Value, &ready)
	if f := answer(2, "p2"); f.Type != client.TypeCommandAccepted || f.Replayed || ready.Session.Funding != "byok" {
		t.Errorf("ride 3: %+v on a session funded %q, want accepted on byok", f, ready.Session.Funding)
	}
	if i := len(rides[2]) - 1; rides[2][i].Type != client.TypeClosed || !strings.Contains(string(out), `"role":"assistant","text":"## Echo`) {
		t.Errorf("ride 3 did not end with the reply and closed:\n%s", out)
	}
}

// TestDemoNoTUIHoldsNoLease is issue 24's eighth item: vehicle demo --listen
// --no-tui serves and does not ride, so Ada's session has nobody driving
// it, and the first terminal of hers that opens it drives it without an
// offer to take over.
func TestDemoNoTUIHoldsNoLease(t *testing.T) {
	t.Parallel()
	bin := buildVehicle(t)
	home := t.TempDir()
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "NO_COLOR=1"}
	url := startDemo(t, bin, env)
	c, err := client.New(url, client.WithGraph(demoGraph), client.WithToken(demoToken))
	if err != nil {
		t.Fatal(err)
	}
	snap, err := c.Inspect(context.Background(), "s1")
	if err != nil {
		t.Fatal(err)
	}
	if l := snap.Session.Lease; l != nil {
		t.Errorf("vehicle demo --no-tui holds Ada's lease: %+v", *l)
	}
}
