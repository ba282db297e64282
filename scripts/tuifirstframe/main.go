//go:build unix

// Command tuifirstframe measures, as a whole process, what the TUI costs to
// draw the first frame of a session: run by hand through
// scripts/long-session-tui.sh, not in CI. It uses only the tui package's
// exported API, so the same file builds against an older tree for a baseline.
//
//	tuifirstframe -url http://127.0.0.1:7788 -session ID -want "question 49999:"
//
// It makes the real tui.Model at 120x40, watching the session (no claim),
// runs its commands as Bubble Tea would (each in a goroutine, each answer
// back through Update on one goroutine) and draws after every message; at the
// first frame that shows want, it prints one JSON line: its CPU time and peak
// RSS since the process started, the wall time, and stops.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "tuifirstframe:", err)
		os.Exit(1)
	}
}

// run opens the session in the TUI and reports the first frame that shows
// the wanted text.
func run() error {
	base := flag.String("url", "", "the host's address, from longsession serve")
	id := flag.String("session", "", "the session id, from longsession serve")
	want := flag.String("want", "", "text the first frame shows (the last exchange's question)")
	label := flag.String("label", "tui", "what to call this build in the report")
	limit := flag.Duration("limit", 2*time.Minute, "give up after this long")
	prof := flag.String("memprofile", "", "write the heap's profile at the first frame to this file")
	flag.Parse()
	if *prof != "" {
		runtime.MemProfileRate = 16 << 10
	}
	t0 := time.Now()
	c, err := client.New(*base, client.WithGraph("demo"), client.WithToken("ada-token"), client.WithClientID("tuifirstframe"))
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	m := tui.New(tui.Config{Client: c, Context: ctx, SessionID: *id, Watch: true, Principal: "user:ada",
		Theme: theme.NewSet(true), Location: time.UTC, NoBell: true, Desktop: tui.DesktopOff})
	msgs := make(chan tea.Msg, 1024)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	start(m.Init(), msgs)
	deadline := time.After(*limit)
	for {
		select {
		case msg := <-msgs:
			_, cmd := m.Update(msg)
			start(cmd, msgs)
			if strings.Contains(xansi.Strip(m.View().Content), *want) {
				writeProfile(*prof)
				return report(*label, time.Since(t0))
			}
		case <-deadline:
			return fmt.Errorf("no frame showed %q in %v", *want, *limit)
		}
	}
}

// writeProfile writes the heap's profile to path, when it is not empty.
func writeProfile(path string) {
	if path == "" {
		return
	}
	runtime.GC() // the profile counts what the last cycle saw
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tuifirstframe:", err)
		return
	}
	defer f.Close()
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		fmt.Fprintln(os.Stderr, "tuifirstframe:", err)
	}
}

// start runs a command in a goroutine and queues its answer, a batch's
// commands each in its own.
func start(cmd tea.Cmd, msgs chan<- tea.Msg) {
	if cmd == nil {
		return
	}
	go func() {
		msg := cmd()
		if b, ok := msg.(tea.BatchMsg); ok {
			for _, c := range b {
				start(c, msgs)
			}
			return
		}
		if msg != nil {
			msgs <- msg
		}
	}()
}

// report prints the process's CPU time and peak RSS so far.
func report(label string, wall time.Duration) error {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return err
	}
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	out, _ := json.Marshal(map[string]any{"build": label, "cpu_ms": cpu.Milliseconds(), "wall_ms": wall.Milliseconds(),
		"rss_peak_mib": mib(status("VmHWM:")), "rss_anon_mib": mib(status("RssAnon:")), "rss_file_mib": mib(status("RssFile:")),
		"heap_mib": mib(int64(ms.HeapAlloc)), "heap_sys_mib": mib(int64(ms.HeapSys - ms.HeapReleased)), "allocated_mib": mib(int64(ms.TotalAlloc))})
	fmt.Println(string(out))
	return nil
}

// mib is n bytes in MiB, to a tenth.
func mib(n int64) float64 { return float64(n*10/(1<<20)) / 10 }

// status is a size /proc/self/status gives after name (VmHWM: the peak
// resident set; RssAnon and RssFile: what is resident now, of memory and of
// files such as the binary), in bytes.
func status(name string) int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(data)) {
		if v, ok := strings.CutPrefix(line, name); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}
