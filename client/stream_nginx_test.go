package client_test

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// nginxConf is a reverse proxy on loopback to the reference host, buffering
// answers or not. It speaks nginx's default HTTP/1.0 to the host: so set up,
// nginx 1.22 with buffering on holds an event stream back until its buffers
// fill (with proxy_http_version 1.1 it passes each chunk on as it comes).
const nginxConf = `daemon off;
master_process off;
worker_processes 1;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log warn;
events { worker_connections 64; }
http {
	access_log off;
	client_body_temp_path %[1]s/body;
	proxy_temp_path %[1]s/proxy;
	fastcgi_temp_path %[1]s/fastcgi;
	uwsgi_temp_path %[1]s/uwsgi;
	scgi_temp_path %[1]s/scgi;
	server {
		listen 127.0.0.1:%[2]d;
		location / {
			proxy_pass http://%[3]s;
			proxy_buffering %[4]s;
		}
	}
}
`

// startNginx runs Debian's nginx in front of target (host:port) and returns
// its base URL; the test skips when nginx is not installed.
func startNginx(t *testing.T, target string, buffering bool) string {
	t.Helper()
	bin, err := exec.LookPath("nginx")
	if err != nil {
		bin, err = exec.LookPath("/usr/sbin/nginx") // Debian's, off a non-root PATH
	}
	if err != nil {
		t.Skip("nginx is not on PATH: install it (apt-get install -y nginx) to run the reverse-proxy tests")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	_ = ln.Close()
	dir := t.TempDir()
	onOff := map[bool]string{true: "on", false: "off"}[buffering]
	conf := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(conf, []byte(fmt.Sprintf(nginxConf, dir, port, target, onOff)), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-p", dir, "-c", conf, "-e", filepath.Join(dir, "error.log"))
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start nginx: %v", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	waitListening(t, addr, exited, &out, dir)
	return "http://" + addr
}

// waitListening waits until addr accepts connections, or fails the test when
// nginx exits or 10 s pass.
func waitListening(t *testing.T, addr string, exited <-chan error, out *strings.Builder, dir string) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		if c, err := net.Dial("tcp", addr); err == nil {
			_ = c.Close()
			return
		}
		select {
		case err := <-exited:
			log, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			t.Fatalf("nginx exited (%v): %s %s", err, out, log)
		case <-deadline:
			t.Fatalf("nginx did not listen on %s in 10 s", addr)
		case <-tick.C:
		}
	}
}

func TestNginxStreamsWithBufferingOff(t *testing.T) {
	t.Parallel()
	// The host sends a keepalive every 50 ms; the client allows 500 (a
	// 1.5 s window), so that a busy machine's stalls do not count as silence.
	const interval = 50 * time.Millisecond
	log := newFallbackLog()
	front := func(host *vehicletest.Server) string {
		return startNginx(t, strings.TrimPrefix(host.URL, "http://"), false)
	}
	host, id, s, cursor, start := streamThrough(t, interval, front, log, client.StreamOptions{Keepalive: 10 * interval})
	// Quiet for longer than the window: the keepalives come through nginx
	// and hold the stream.
	time.AfterFunc(40*interval, func() { host.Emit(id, "test.marker", map[string]any{}) })
	untilType(t, s, cursor, "test.marker")
	if log.String() != "connecting streaming" {
		t.Errorf("modes %q, want the stream to stay up through nginx (fell back after %v: %s)", log, log.at.Sub(start), log.reason)
	}
}

func TestNginxFallsBackWithBufferingOn(t *testing.T) {
	t.Parallel()
	const interval = 50 * time.Millisecond
	log := newFallbackLog()
	front := func(host *vehicletest.Server) string {
		return startNginx(t, strings.TrimPrefix(host.URL, "http://"), true)
	}
	host, id, s, cursor, start := streamThrough(t, interval, front, log, client.StreamOptions{})
	go func() {
		select {
		case <-log.fell:
			host.Emit(id, "test.marker", map[string]any{})
		case <-time.After(15 * time.Second):
		}
	}()
	untilType(t, s, cursor, "test.marker")
	if took := log.at.Sub(start); took > 3*interval+2*time.Second {
		t.Errorf("fell back after %v, want just over %v", took, 3*interval)
	}
	if log.reason != "no keepalive" {
		t.Errorf("fallback reason %q, want %q (modes %q)", log.reason, "no keepalive", log)
	}
}
