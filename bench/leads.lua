-- wrk script for the lead benchmarks: valid JSON leads, each with a proof of work of its own from
-- the file $PROOFS names (bench/lib.sh, fresh_proofs), each from a random X-Forwarded-For address
-- so the per-client rate limit measures nothing but the write path. $WRK_THREADS (as given to
-- -t) splits the proofs between the threads, so none is posted twice.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
-- Each message is its own (the lead's proof number in it): one text from many addresses would be
-- filed as spam (server/src/spam/repeats.hpp), and the benchmarks measure leads.
local fields = '{"name":"Bench","social":"@bench_user","email":"bench@example.com",' ..
               '"locale":"en","website":"","message":"A lead from the benchmark, number '
local made = 0

function setup(thread)
  thread:set("seed", math.random(1, 2 ^ 30))
  thread:set("id", made)
  made = made + 1
end

function init(args)
  math.randomseed(seed)
  proofs = {}
  local file = os.getenv("PROOFS")
  if file then
    for line in io.lines(file) do proofs[#proofs + 1] = line end
  end
  step = tonumber(os.getenv("WRK_THREADS") or "1")
  next_proof = id + 1
end

function request()
  wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.random(0, 255),
    math.random(0, 255), math.random(1, 254))
  local proof = proofs[next_proof] or ""
  local body = fields .. next_proof .. '.","altcha":"' .. proof .. '"}'
  next_proof = next_proof + step
  return wrk.format(nil, nil, nil, body)
end
