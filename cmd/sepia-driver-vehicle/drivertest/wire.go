package drivertest

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
)

// malformedCase is a line that is not a valid request, the code it must
// get, and the ids its answer may carry (JSON text).
type malformedCase struct {
	line string
	code int
	ids  []string
}

// malformedCases are the lines Malformed sends. An invalid request whose id
// can be read may be answered with that id or with null.
func malformedCases() []malformedCase {
	return []malformedCase{
		{`{"jsonrpc":"2.0","id":1,"method":"driver.manifest"`, codeParseError, []string{"null"}},
		{`not json at all`, codeParseError, []string{"null"}},
		{`42`, codeInvalidRequest, []string{"null"}},
		{`{"foo":"bar"}`, codeInvalidRequest, []string{"null"}},
		{`{"jsonrpc":"2.0","method":1,"params":"bar"}`, codeInvalidRequest, []string{"null"}},
		{`{"jsonrpc":"1.0","id":"m1","method":"driver.manifest"}`, codeInvalidRequest, []string{`"m1"`, "null"}},
		{`{"jsonrpc":"2.0","id":"m2","method":"driver.manifest","params":"x"}`, codeInvalidRequest, []string{`"m2"`, "null"}},
		{`{"jsonrpc":"2.0","id":"m3","method":"no.such.method"}`, codeMethodNotFound, []string{`"m3"`}},
	}
}

func (s *suite) malformed(t *testing.T) {
	c := Start(t, s.spawn)
	for _, tc := range malformedCases() {
		c.Send(tc.line)
		r := Decode(t, c.Next())
		if r.Error == nil || r.Error.Code != tc.code {
			t.Errorf("%s: want error %d, got %s", tc.line, tc.code, r.Raw)
		}
		if !slices.Contains(tc.ids, string(r.ID)) {
			t.Errorf("%s: want id %v, got %s", tc.line, tc.ids, r.ID)
		}
	}
	result[manifest](t, c.Call("driver.manifest", nil))
	c.Close()
}

func (s *suite) notifications(t *testing.T) {
	c := Start(t, s.spawn)
	c.Send(`{"jsonrpc":"2.0","method":"driver.manifest","params":{}}`)
	c.Send(`{"jsonrpc":"2.0","method":"no.such.method"}`)
	c.Send(`{"jsonrpc":"2.0","method":"session.get","params":{"id":` + quote(s.fx.MissingID) + `}}`)
	c.Send(`{"jsonrpc":"2.0","id":"after","method":"driver.manifest"}`)
	r := Decode(t, c.Next())
	if string(r.ID) != `"after"` {
		t.Errorf("a notification was answered: %s", r.Raw)
	}
	if rest := c.Close(); len(rest) > 0 {
		t.Errorf("notifications were answered: %q", rest)
	}
}

func (s *suite) batch(t *testing.T) {
	c := Start(t, s.spawn)
	c.Send(`[]`)
	r := Decode(t, c.Next())
	if r.Error == nil || r.Error.Code != codeInvalidRequest || string(r.ID) != "null" {
		t.Errorf("an empty batch: want one -32600 error with id null, got %s", r.Raw)
	}
	c.Send(`[{"jsonrpc":"2.0","method":"driver.manifest"},{"jsonrpc":"2.0","method":"no.such.method"}]`)
	c.Send(`[{"jsonrpc":"2.0","id":"b1","method":"driver.manifest"},{"jsonrpc":"2.0","method":"driver.manifest"},1,` +
		`{"jsonrpc":"2.0","id":"b2","method":"session.get","params":{"id":` + quote(s.fx.MissingID) + `}}]`)
	var answers []json.RawMessage
	if line := c.Next(); json.Unmarshal(line, &answers) != nil {
		t.Fatalf("a batch with requests: want an array of answers (and nothing for a batch of notifications), got %s", line)
	}
	codes := map[string]int{}
	for _, a := range answers {
		r := Decode(t, append(a, '\n'))
		if r.Error != nil {
			codes[string(r.ID)] = r.Error.Code
		} else {
			codes[string(r.ID)] = 0
		}
	}
	want := map[string]int{`"b1"`: 0, `null`: codeInvalidRequest, `"b2"`: codeSessionNotFound}
	if fmt.Sprint(codes) != fmt.Sprint(want) || len(answers) != 3 {
		t.Errorf("batch answers: want %v (3 answers), got %v from %d answers", want, codes, len(answers))
	}
	if rest := c.Close(); len(rest) > 0 {
		t.Errorf("more output than one answer per batch: %q", rest)
	}
}

func (s *suite) pipelined(t *testing.T) {
	c := Start(t, s.spawn)
	const n = 24
	for i := range n {
		method, params := "session.summary", `{"id":`+quote(s.fx.SessionID)+`}`
		if i%3 == 0 {
			method, params = "session.list", `{}`
		}
		c.Send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`, i, method, params))
	}
	seen := map[string]bool{}
	for range n {
		r := Decode(t, c.Next())
		if r.Error != nil || seen[string(r.ID)] {
			t.Errorf("pipelined: a failed or repeated answer: %s", r.Raw)
		}
		seen[string(r.ID)] = true
	}
	if rest := c.Close(); len(rest) > 0 {
		t.Errorf("pipelined: extra output: %q", rest)
	}
}

func (s *suite) endOfInput(t *testing.T) {
	c := Start(t, s.spawn)
	for i := range 5 {
		c.Send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"session.get","params":{"id":%s}}`, i, quote(s.fx.SessionID)))
	}
	rest := c.Close()
	if len(rest) != 5 {
		t.Errorf("at the end of its input the driver answered %d of 5 requests in flight", len(rest))
	}
	for _, line := range rest {
		if r := Decode(t, line); r.Error != nil {
			t.Errorf("a request in flight at the end of input failed: %s", line)
		}
	}
}
