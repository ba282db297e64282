package client

import (
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"time"
)

// A stream spends its life waiting: between two events, or two keepalives,
// the process should sleep. Read through net/http's default transport, each
// keepalive cost a few wake-ups more than the one of the thread that reads
// it (docs/benchmarks.md, "Quiet"): HTTP/2 reads every frame on a goroutine
// of its own and hands the data over to the reader; and every read is a
// system call that, when the process was idle, wakes Go's sysmon thread,
// which then polls every 20 µs until the process is idle again.
//
// So a client made without WithHTTPClient streams through a transport of
// its own: HTTP/1.1 (one connection per stream, read by the goroutine that
// decodes it), whose connections read their socket without telling the
// scheduler where they can (quietConn: a non-blocking read never blocks,
// so there is nothing for sysmon to watch). Requests keep the default
// transport.

// newStreamClient is the HTTP client of the streams of a client made
// without WithHTTPClient.
func newStreamClient() *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.ForceAttemptHTTP2 = false
	tr.TLSNextProto = map[string]func(string, *tls.Conn) http.RoundTripper{} // HTTP/1.1 only
	d := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return quiet(c), nil
	}
	return &http.Client{Transport: tr}
}
