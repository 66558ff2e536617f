import Pipeline
print("trailpack")
