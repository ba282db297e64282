package client

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// A long answer decodes into the same frame as through encoding/json, and one that is not JSON fails the same way.
func TestUnmarshalFrameLong(t *testing.T) {
	t.Parallel()
	big := strings.Repeat(`x\"}{][,`, 40000)
	for name, data := range map[string]string{
		"value last":  `{"protocol":"p","type":"session.snapshot","seq":3,"value":{"a":"` + big + `"}}`,
		"value first": ` { "value" : ["` + big + `", 1, null] , "type" : "t\u00e9", "details":{"k":[1,2]} }` + "\n",
		"no value":    `{"type":"t","message":"` + big + `"}`,
		"repeated":    `{"value":1,"type":"t","value":{"b":"` + big + `"}}`,
	} {
		t.Run(name, func(t *testing.T) {
			var got, want Frame
			if err := unmarshalFrame([]byte(data), &got); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(data), &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("got %.200v\nwant %.200v", got, want)
			}
		})
	}
	bad := []byte(`{"type":"t","value":"` + big + `"`)
	var f Frame
	if err := unmarshalFrame(bad, &f); err == nil {
		t.Fatal("a cut answer decoded")
	}
}

// FuzzUnmarshalFrame: an answer decodes into the same frame as
// json.Unmarshal gives, and fails when json.Unmarshal fails: its value is
// kept only when it is JSON.
func FuzzUnmarshalFrame(f *testing.F) {
	for _, s := range []string{
		`{"protocol":"p","type":"session.snapshot","requestId":"r1","value":{"a":[1,"x"]}}`,
		`{"type":"t","value":{"a":tru}}`, `{"type":"t","value":[}]}`, `{"type":"t","value":1,"value":null}`,
		`{"type":"t","Value":2,"value":3}`, `{"type":"t","\u0076alue":[]}`, `{"VALUE":{},"type":"t"}`,
		`{"type":"t","seq":"x","value":1}`, `{"type":"t","value":"\x"}`, `null`, `[1]`, `{"type":"t"} x`,
		`{"type":"t","details":{"k":[1,2]},"value":"\u00e9"}`, `{"type":"t","value":1e}`,
		`{"type":"a\u0041","TYPE":"b"}`, `{"TYPE":"b","type":"a"}`, `{"type":"é","protocol":"p\"q"}`,
		"{\"type\":\"\xff\",\"requestId\":\"a\x01\"}", `{"requeſtId":"x","type":"t"}`, `{"type":null,"seq":2}`,
		`{"type":"t","requestId":"r","requestId":"s"}`, `{"type":1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var got, want Frame
		gotErr := unmarshalFrame(data, &got)
		wantErr := json.Unmarshal(data, &want)
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("unmarshalFrame(%q): %v; json.Unmarshal: %v", data, gotErr, wantErr)
		}
		if gotErr == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("unmarshalFrame(%q)\n got %+v\nwant %+v", data, got, want)
		}
	})
}
