//go:build unix

// Command quietbench measures, as whole processes, what a vehicle TUI costs
// while idle on a live stream, while a long reply streams in, and as a wall
// of tiles: run by hand through scripts/quiet.sh and scripts/wall-cost.sh,
// not in CI.
//
//	quietbench idle   [-secs 60] [-keepalive 15s] [-rounds 1] [-sync] [-each] [-prompt] [-here] [-ttl 0] BINARY...
//	quietbench stream [-pieces 2000] [-delay 10ms] [-rounds 3] [-sync] [curl] BINARY...
//	quietbench wall   [-tiles 4] [-pieces 2000] [-delay 10ms] [-rounds 1] [-idle 20] [-drive] [-each] BINARY...
//
// For each round and each BINARY in turn (so that builds alternate), a fresh
// reference host on loopback (this process), whose SSE streams keep alive
// every -keepalive, whose leases last -ttl (its 5 minutes unless given), and
// whose model answers every prompt with the same markdown reply of about 20
// KB in -pieces deltas, -delay apart; the TUI in a pty of -size (120x40)
// whose output feeds a terminal emulator (x/vt) that answers its queries,
// with -sync as a terminal that supports synchronized output (DEC mode 2026)
// does. In idle and stream, the TUI opens a new session (so it drives,
// renewing its lease) and, from its first screen:
//
//   - idle: with -prompt, types a prompt and waits for the whole reply (the
//     driver after its own reply); with -here, presses a key that changes
//     nothing (the person is here: the lease is renewed at its next timer);
//     settles 3 s, then counts over -secs the context switches of all its
//     threads (/proc/PID/task/*/status, voluntary and nonvoluntary, the
//     wake-ups; the voluntary alone, which a loaded machine does not add to;
//     the second thread's alone, sysmon's), its CPU time (schedstat of its
//     threads, and utime + stime) and the bytes it wrote; over several
//     rounds, the medians and ranges, and each binary's against the first's;
//   - stream: settles 2 s, types a prompt, and counts the same from the
//     prompt until the reply's last words are on the screen and the output
//     has been still for a second; also the frames (with -sync, those begun
//     with DEC 2026), the bytes written outside a frame once frames began,
//     and the peak RSS (VmHWM).
//
// In the stream mode, the BINARY "curl" is the floor: curl -N reading the
// same reply's events from the session's SSE stream (floor.go); each TUI's
// CPU is then also printed against curl's of the same round.
//
// wall (wall.go): the TUI on sessions of its own, one alone then -tiles as a
// wall; each tile's lag to its reply's end, the CPU, and the idle wake-ups.
//
// One line per measurement; the load average at the start and end.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: quietbench idle|stream|wall [flags] BINARY...")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "idle", "stream", "wall":
		err = run(os.Args[1], os.Args[2:])
	default:
		err = fmt.Errorf("unknown mode %q: use idle, stream or wall", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "quietbench:", err)
		os.Exit(1)
	}
}

// A BINARY may be given an environment of its own as
// KEY=VALUE[,KEY=VALUE]@BINARY, to compare settings of one build in one run.

// options are the flags of both modes.
type options struct {
	mode       string
	secs       int
	keepalive  time.Duration
	delay      time.Duration
	pieces     int
	rounds     int
	sync       bool
	rows, cols int
	env        string
	raw        string
	each       bool
	tally      *tally                  // the stream mode's CPU by binary and round
	tiles      int                     // wall: the tiles of the wall
	drive      bool                    // wall: the TUI drives, the prompts typed
	idle       int                     // wall: the seconds of idle counted after each stream
	prompt     bool                    // idle: a prompt and its whole reply first
	counted    map[string][][2]float64 // idle: each binary's wake-ups a minute, all and voluntary, by round
	here       bool                    // idle: a key pressed before counting, so the lease is renewed once
	ttl        time.Duration           // the host's lease ttl (0: its default, 5 min)
}

// run measures each binary, rounds times, alternating.
func run(mode string, args []string) error {
	o := options{mode: mode, tally: &tally{}}
	fs := flag.NewFlagSet(mode, flag.ContinueOnError)
	fs.IntVar(&o.secs, "secs", 60, "idle: seconds counted")
	fs.DurationVar(&o.keepalive, "keepalive", 15*time.Second, "the host's keepalive interval")
	fs.DurationVar(&o.delay, "delay", 10*time.Millisecond, "stream: the pause before each delta")
	fs.IntVar(&o.pieces, "pieces", 2000, "stream: the deltas of the reply")
	fs.IntVar(&o.rounds, "rounds", 1, "rounds over the binaries")
	fs.BoolVar(&o.sync, "sync", false, "the terminal answers that it supports synchronized output")
	size := fs.String("size", "120x40", "the terminal's COLSxROWS")
	fs.StringVar(&o.env, "env", "", "extra environment of the TUI, KEY=VALUE[,KEY=VALUE]")
	fs.StringVar(&o.raw, "raw", "", "keep what each TUI wrote in RAW.N (N counts the measurements)")
	fs.BoolVar(&o.each, "each", false, "idle (and wall's idle): also print each second's context switches, by thread, on stderr")
	fs.BoolVar(&o.prompt, "prompt", false, "idle: type a prompt and wait for its whole reply before counting (the driver after its own reply)")
	fs.BoolVar(&o.here, "here", false, "idle: press a key that changes nothing (ctrl+a in the empty composer) before counting: the person is here, the lease is renewed at its next timer")
	fs.DurationVar(&o.ttl, "ttl", 0, "the host's lease ttl (0: its default, 5m): shorter, the lease is renewed within the window")
	fs.IntVar(&o.tiles, "tiles", 4, "wall: the tiles of the wall")
	fs.BoolVar(&o.drive, "drive", false, "wall: the TUI drives every tile, and each prompt is typed in its tile (else it watches and the bench sends them)")
	fs.IntVar(&o.idle, "idle", 20, "wall: the seconds of idle counted after each stream")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if _, err := fmt.Sscanf(*size, "%dx%d", &o.cols, &o.rows); err != nil {
		return fmt.Errorf("-size %q: %w", *size, err)
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("no binary to measure")
	}
	if mode == "wall" {
		return runWall(o, fs.Args())
	}
	fmt.Printf("# %s, keepalive %v, %dx%d, sync answered %v, load average %s\n", mode, o.keepalive, o.cols, o.rows, o.sync, loadavg())
	if mode == "idle" {
		fmt.Printf("%-44s %5s %7s %9s %9s %7s %9s %9s %7s\n", "binary", "round", "threads", "wakeups/m", "voluntary", "sysmon", "cpu_s/min", "ticks/min", "bytes")
	} else {
		fmt.Printf("# %d bytes of markdown in %d deltas %v apart\n", len(replyDoc()), o.pieces, o.delay)
		fmt.Printf("%-44s %5s %6s %7s %7s %9s %8s %8s %7s %7s %7s\n", "binary", "round", "secs", "cpu_s", "ticks_s", "switches", "sysmon", "bytes", "frames", "outside", "rss_mib")
	}
	seq := 0
	o.counted = map[string][][2]float64{}
	for r := 1; r <= o.rounds; r++ {
		for _, bin := range fs.Args() {
			seq++
			if err := measure(o, bin, r, seq); err != nil {
				return fmt.Errorf("%s, round %d: %w", bin, r, err)
			}
		}
	}
	o.tally.print()
	fmt.Printf("# load average after: %s\n", loadavg())
	if mode == "idle" && o.rounds > 1 {
		idleSummary(o.counted, fs.Args())
	}
	return nil
}

// measure runs one binary once against a fresh host.
func measure(o options, bin string, round, seq int) error {
	delay := o.delay
	if o.mode == "idle" {
		delay = 0
	}
	srv, err := startHost(o.keepalive, delay, o.pieces, o.ttl)
	if err != nil {
		return err
	}
	defer srv.Close()
	if o.mode == "stream" && bin == floorName {
		return floor(o, srv.URL, round)
	}
	home, err := os.MkdirTemp("", "quietbench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(home)
	env := []string{"HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "TERM=xterm-256color", "PATH=" + os.Getenv("PATH"),
		"VEHICLE_TOKEN=ada-token"}
	if o.env != "" {
		env = append(env, strings.Split(o.env, ",")...)
	}
	path := bin
	if vars, p, ok := strings.Cut(bin, "@"); ok { // KEY=VALUE[,KEY=VALUE]@BINARY
		env, path = append(env, strings.Split(vars, ",")...), p
	}
	var raw *os.File
	if o.raw != "" {
		if raw, err = os.Create(fmt.Sprintf("%s.%d", o.raw, seq)); err != nil {
			return err
		}
		defer raw.Close()
	}
	t, err := startTerm(path, []string{"--gardend", srv.URL, "--graph", "demo", "--new"}, env, o.rows, o.cols, o.sync, raw)
	if err != nil {
		return err
	}
	defer t.stop()
	if err := t.waitFor("you drive from this terminal", 30*time.Second); err != nil {
		return err
	}
	pid := t.cmd.Process.Pid
	if o.mode == "idle" {
		return idle(o, t, pid, bin, round)
	}
	return stream(o, t, pid, bin, round)
}

// idle counts what the TUI does over o.secs with nothing happening.
func idle(o options, t *term, pid int, bin string, round int) error {
	if o.prompt {
		if err := t.typeText("tell me how the vehicle keeps a session\r"); err != nil {
			return err
		}
		if err := t.waitFor(endMark, 2*time.Minute); err != nil {
			return err
		}
	}
	if o.here {
		if err := t.typeText("\x01"); err != nil { // ctrl+a: the line's start
			return err
		}
	}
	time.Sleep(3 * time.Second)
	a, err := readSample(pid)
	if err != nil {
		return err
	}
	b0, _, _ := t.counts()
	if o.each {
		eachSecond(pid, a, o.secs)
	} else {
		time.Sleep(time.Duration(o.secs) * time.Second)
	}
	b, err := readSample(pid)
	if err != nil {
		return err
	}
	b1, _, _ := t.counts()
	d := since(pid, a, b, hz)
	per := 60 / float64(o.secs)
	fmt.Printf("%-44s %5d %7d %9.1f %9.1f %7.1f %9.4f %9.3f %7d\n", short(bin), round, d.threads,
		float64(d.switches)*per, float64(d.waits)*per, float64(d.sysmon)*per, d.cpu*per, d.cpuTicks*per, b1-b0)
	o.counted[bin] = append(o.counted[bin], [2]float64{float64(d.switches) * per, float64(d.waits) * per})
	return nil
}

// eachSecond prints, for each of secs seconds from the sample a, the
// context switches of pid's threads that switched in it ("12.0 s: 7 =
// 1234:5 1236:2"): what woke the process, and when.
func eachSecond(pid int, a sample, secs int) {
	start, last := time.Now(), a
	for i := 1; i <= secs; i++ {
		time.Sleep(time.Until(start.Add(time.Duration(i) * time.Second)))
		b, err := readSample(pid)
		if err != nil {
			return
		}
		var line strings.Builder
		total := 0
		tids := make([]int, 0, len(b.switches))
		for tid := range b.switches {
			tids = append(tids, tid)
		}
		sort.Ints(tids)
		for _, tid := range tids {
			if d := b.switches[tid] - last.switches[tid]; d > 0 {
				fmt.Fprintf(&line, " %d:%d", tid, d)
				total += d
			}
		}
		if total > 0 {
			fmt.Fprintf(os.Stderr, "%5d s: %3d =%s\n", i, total, line.String())
		}
		last = b
	}
}

// stream counts what the TUI does from a prompt to the whole reply drawn.
func stream(o options, t *term, pid int, bin string, round int) error {
	time.Sleep(2 * time.Second)
	a, err := readSample(pid)
	if err != nil {
		return err
	}
	b0, f0, out0 := t.counts()
	start := time.Now()
	if err := t.typeText("tell me how the vehicle keeps a session\r"); err != nil {
		return err
	}
	if err := t.waitFor(endMark, 5*time.Minute); err != nil {
		return err
	}
	for last, still := -1, 0; still < 50; still++ { // the output still for a second
		n, _, _ := t.counts()
		if n != last {
			last, still = n, 0
		}
		time.Sleep(20 * time.Millisecond)
	}
	secs := time.Since(start).Seconds() - 1
	b, err := readSample(pid)
	if err != nil {
		return err
	}
	b1, f1, out1 := t.counts()
	d := since(pid, a, b, hz)
	o.tally.add(bin, round, d.cpu)
	fmt.Printf("%-44s %5d %6.1f %7.3f %7.2f %9d %8d %8d %7d %7d %7.1f\n", short(bin), round, secs,
		d.cpu, d.cpuTicks, d.switches, d.sysmon, b1-b0, f1-f0, out1-out0, peakRSS(pid))
	return nil
}

// hz is the kernel's clock ticks a second (USER_HZ), 100 on Linux.
const hz = 100

// short is a binary's path, its last three parts (and its environment).
func short(p string) string {
	vars, p, ok := strings.Cut(p, "@")
	if !ok {
		p, vars = vars, ""
	}
	parts := strings.Split(p, "/")
	if len(parts) > 3 {
		parts = parts[len(parts)-3:]
	}
	if vars != "" {
		return vars + "@" + strings.Join(parts, "/")
	}
	return strings.Join(parts, "/")
}

// loadavg is the first three fields of /proc/loadavg.
func loadavg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}
