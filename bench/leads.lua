-- wrk script for bench/leads.sh: valid JSON leads, each from a random X-Forwarded-For address
-- so the per-client rate limit measures nothing but the write path.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"name":"Bench","social":"@bench_user","email":"bench@example.com",' ..
           '"message":"A lead from the benchmark.","locale":"en","website":""}'

function setup(thread)
  thread:set("seed", math.random(1, 2 ^ 30))
end

function init(args)
  math.randomseed(seed)
end

function request()
  wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.random(0, 255),
    math.random(0, 255), math.random(1, 254))
  return wrk.format()
end
