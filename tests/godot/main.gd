# Draws every shader that list.txt names (one NAME.shader a line) on a
# ColorRect of SIZE x SIZE pixels, COLS to a row, with TIME held at 0, and
# saves the window to all.png at the second frame (which reads back what
# the first drew). NAME.textures, when there
# is one, binds textures: a line "uniform-name image-path", or
# "uniform-name res://FILE.tres" for a texture resource as ropkit writes it
# (the data texture), loaded as it is.
extends Node

const SIZE = 128
const COLS = 8
var frames = 0

func read(path):
	var f = File.new()
	if f.open(path, File.READ) != OK:
		return ""
	var text = f.get_as_text()
	f.close()
	return text

func _ready():
	VisualServer.set_shader_time_scale(0.0)
	var names = read("res://list.txt").split("\n", false)
	var cols = min(names.size(), COLS)
	var rows = (names.size() + COLS - 1) / COLS
	OS.window_size = Vector2(SIZE * cols, SIZE * rows)
	get_viewport().size = Vector2(SIZE * cols, SIZE * rows)
	for i in range(names.size()):
		var shader = Shader.new()
		shader.code = read("res://" + names[i] + ".shader")
		var material = ShaderMaterial.new()
		material.shader = shader
		material.set_shader_param("rk_resolution", Vector2(SIZE, SIZE))
		for line in read("res://" + names[i] + ".textures").split("\n", false):
			var parts = line.split(" ", false, 1)
			if parts[1].ends_with(".tres"):
				material.set_shader_param(parts[0], load(parts[1]))
				continue
			var image = Image.new()
			image.load(parts[1])
			var texture = ImageTexture.new()
			# Repeat and filter as ropkit samples. A picture holds sRGB
			# colours; an HDR map (.hdr, .exr) linear ones, with mipmaps,
			# which rough reflections read as ropkit's do.
			var flags = Texture.FLAG_REPEAT | Texture.FLAG_FILTER
			if parts[1].ends_with(".hdr") or parts[1].ends_with(".exr"):
				flags |= Texture.FLAG_MIPMAPS
			else:
				flags |= Texture.FLAG_CONVERT_TO_LINEAR
			texture.create_from_image(image, flags)
			material.set_shader_param(parts[0], texture)
		var rect = ColorRect.new()
		rect.rect_position = Vector2(SIZE * (i % COLS), SIZE * (i / COLS))
		rect.rect_size = Vector2(SIZE, SIZE)
		rect.material = material
		add_child(rect)

func _process(_delta):
	frames += 1
	if frames == 2:
		var image = get_viewport().get_texture().get_data()
		image.flip_y()
		image.save_png("res://all.png")
		get_tree().quit()
