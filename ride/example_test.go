package ride_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/ride"
)

// ExampleRun rides a new session over a string of requests and a buffer,
// against the reference host.
func ExampleRun() {
	srv, err := vehicletest.Listen("127.0.0.1:0", vehicletest.WithMount(""))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	c, _ := client.New(srv.URL, client.WithMount(""), client.WithGraph("demo"), client.WithToken("ada-token"))
	requests := strings.NewReader(`{"op":"rename","requestId":"n1","title":"Herd notes"}` + "\n" +
		`{"op":"prompt","requestId":"p1"}` + "\n")
	var frames bytes.Buffer
	if err := ride.Run(context.Background(), ride.Config{Client: c, New: true}, requests, &frames); err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range strings.Split(strings.TrimSpace(frames.String()), "\n") {
		var f client.Frame
		_ = json.Unmarshal([]byte(line), &f)
		fmt.Println(strings.TrimSpace(f.Type + " " + f.RequestID + " " + f.Code))
	}
	// Output:
	// ready
	// session.renamed n1
	// error p1 invalid_request
	// closed
}
