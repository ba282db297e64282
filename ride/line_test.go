package ride

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

func TestParseLine(t *testing.T) {
	cases := []struct {
		name, line, code, requestID, op string
	}{
		{"prompt", `{"op":"prompt","requestId":"r1","text":"hi"}`, "", "r1", "prompt"},
		{"spaces around", "  {\"op\":\"inspect\",\"requestId\":\"r2\"}\r\n", "", "r2", "inspect"},
		{"not json", `{"op":"prompt"`, client.CodeInvalidJSON, "", ""},
		{"plain text", `hello`, client.CodeInvalidJSON, "", ""},
		{"an array", `[1,2]`, client.CodeInvalidRequest, "", ""},
		{"null", `null`, client.CodeInvalidRequest, "", ""},
		{"no requestId", `{"op":"inspect"}`, client.CodeInvalidRequest, "", ""},
		{"empty requestId", `{"op":"inspect","requestId":"  "}`, client.CodeInvalidRequest, "", ""},
		{"number requestId", `{"op":"inspect","requestId":7}`, client.CodeInvalidRequest, "", ""},
		{"no op", `{"requestId":"r3"}`, client.CodeInvalidRequest, "r3", ""},
		{"op not a string", `{"op":1,"requestId":"r4"}`, client.CodeInvalidRequest, "r4", ""},
		{"unknown op", `{"op":"list","requestId":"r5"}`, client.CodeInvalidRequest, "r5", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req, lerr := parseLine([]byte(tc.line))
			if tc.code == "" {
				if lerr != nil {
					t.Fatalf("refused: %+v", lerr)
				}
				if req.Op != tc.op || req.RequestID != tc.requestID {
					t.Errorf("got %+v", req)
				}
				if _, ok := req.Fields["op"]; ok {
					t.Error("op is still among the fields")
				}
				return
			}
			if lerr == nil || lerr.Code != tc.code || lerr.RequestID != tc.requestID {
				t.Fatalf("got %+v, want code %s requestId %q", lerr, tc.code, tc.requestID)
			}
			if lerr.Message == "" {
				t.Error("no message")
			}
		})
	}
}

func TestKnownOpEveryOp(t *testing.T) {
	for _, op := range strings.Split(opNames, ", ") {
		if !knownOp(op) {
			t.Errorf("%s is not taken", op)
		}
	}
	if knownOp("create") {
		t.Error("create is not a ride op")
	}
}

func TestReadLines(t *testing.T) {
	long := strings.Repeat("x", MaxLine+10)
	in := "one\n\n  \r\n" + long + "\ntwo\r\nthree"
	lines := make(chan inputLine)
	done := make(chan struct{})
	defer close(done)
	go readLines(strings.NewReader(in), lines, done, t.Logf)
	var got []string
	for l := range lines {
		if l.tooLong {
			got = append(got, "<too long>")
			continue
		}
		got = append(got, string(bytes.TrimSpace(l.data)))
	}
	want := []string{"one", "<too long>", "two", "three"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestReadLineAtLimit(t *testing.T) {
	exact := strings.Repeat("y", MaxLine-1) + "\n"
	line, tooLong, _ := readLine(bufio.NewReaderSize(strings.NewReader(exact), 16))
	if tooLong || len(line) != MaxLine {
		t.Errorf("a line of exactly MaxLine bytes: tooLong %v, len %d", tooLong, len(line))
	}
}

func FuzzParseLine(f *testing.F) {
	for _, s := range []string{
		`{"op":"prompt","requestId":"r1","text":"hello"}`,
		`{"op":"watch","requestId":"w","since":3,"waitMs":100}`,
		`{"requestId":"x"}`,
		`not json`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		req, lerr := parseLine(line)
		if lerr == nil {
			if !knownOp(req.Op) || strings.TrimSpace(req.RequestID) == "" {
				t.Fatalf("accepted %q as %+v", line, req)
			}
			if _, ok := req.Fields["op"]; ok {
				t.Fatal("op left among the fields")
			}
			return
		}
		if lerr.Code != client.CodeInvalidJSON && lerr.Code != client.CodeInvalidRequest {
			t.Fatalf("code %q", lerr.Code)
		}
		if lerr.Code == client.CodeInvalidJSON && json.Valid(bytes.TrimSpace(line)) {
			t.Fatalf("valid JSON %q called invalid_json", line)
		}
		b, err := json.Marshal(lerr.frame())
		if err != nil || bytes.ContainsAny(b, "\r\n") || !json.Valid(b) {
			t.Fatalf("the error frame is not one JSON line: %q %v", b, err)
		}
	})
}
